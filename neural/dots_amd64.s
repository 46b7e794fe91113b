//go:build amd64 && !purego

#include "textflag.h"

// func dotsSSE(h, w *float32, hid, n int, out *float32)
//
// out[k] = dot(h[0:hid], w[k*hid:(k+1)*hid]) for k < n, hid a positive
// multiple of 4, summed as dot sums it: lane l of a register holds dot's
// partial sum s_l (the products rounded, then added in order of j), and
// the result is ((s0+s1)+s2)+s3. Four rows at a time, then one.
#define HSUM(acc, out) \
	MOVAPS acc, X5 \
	SHUFPS $0x55, X5, X5 \
	MOVAPS acc, X6 \
	SHUFPS $0xAA, X6, X6 \
	MOVAPS acc, X7 \
	SHUFPS $0xFF, X7, X7 \
	ADDSS X5, acc \
	ADDSS X6, acc \
	ADDSS X7, acc \
	MOVSS acc, out

TEXT ·dotsSSE(SB), NOSPLIT, $0-40
	MOVQ h+0(FP), DI
	MOVQ w+8(FP), BX
	MOVQ hid+16(FP), R11
	MOVQ n+24(FP), CX
	MOVQ out+32(FP), SI
	SHLQ $2, R11             // a row's length in bytes

pass4:
	CMPQ CX, $4
	JLT pass1
	MOVQ BX, R8
	LEAQ (BX)(R11*1), R9
	LEAQ (BX)(R11*2), R10
	LEAQ (R9)(R11*2), R12
	XORPS X0, X0
	XORPS X1, X1
	XORPS X2, X2
	XORPS X3, X3
	XORQ DX, DX

loop4:
	MOVUPS (DI)(DX*1), X4
	MOVUPS (R8)(DX*1), X8
	MULPS X4, X8
	ADDPS X8, X0
	MOVUPS (R9)(DX*1), X9
	MULPS X4, X9
	ADDPS X9, X1
	MOVUPS (R10)(DX*1), X10
	MULPS X4, X10
	ADDPS X10, X2
	MOVUPS (R12)(DX*1), X11
	MULPS X4, X11
	ADDPS X11, X3
	ADDQ $16, DX
	CMPQ DX, R11
	JLT loop4

	HSUM(X0, 0(SI))
	HSUM(X1, 4(SI))
	HSUM(X2, 8(SI))
	HSUM(X3, 12(SI))
	ADDQ $16, SI
	LEAQ (R12)(R11*1), BX
	SUBQ $4, CX
	JMP pass4

pass1:
	TESTQ CX, CX
	JLE done
	XORPS X0, X0
	XORQ DX, DX

loop1:
	MOVUPS (DI)(DX*1), X4
	MOVUPS (BX)(DX*1), X8
	MULPS X4, X8
	ADDPS X8, X0
	ADDQ $16, DX
	CMPQ DX, R11
	JLT loop1

	HSUM(X0, 0(SI))
	ADDQ $4, SI
	ADDQ R11, BX
	DECQ CX
	JMP pass1

done:
	RET
