//go:build amd64 && !purego

#include "textflag.h"

// func addRowsSSE(sum, w *float32, hid int, idx *int16, val *float32, n int)
//
// For k in 0..n-1: x = val[k], row = w + idx[k]*hid; for j in 0..hid-1
// (hid a positive multiple of 8): sum[j] = sum[j] + x*row[j], each product
// rounded to float32 before the addition, as the Go code computes it.
//
// The sums are kept in registers a block at a time (32 sums in X0..X7,
// then 8 in X0..X1 for what is left) while every row is added to them, so
// each sum is loaded and stored once, not once a row; each sum still gets
// its terms in the order of idx.
#define TERM(off, acc, tmp) \
	MOVUPS off(BX), tmp \
	MULPS X8, tmp \
	ADDPS tmp, acc

TEXT ·addRowsSSE(SB), NOSPLIT, $0-48
	MOVQ sum+0(FP), DI
	MOVQ w+8(FP), SI
	MOVQ hid+16(FP), R11
	MOVQ idx+24(FP), R8
	MOVQ val+32(FP), R9
	MOVQ n+40(FP), R10
	SHLQ $2, R11             // a row's length in bytes
	TESTQ R10, R10
	JLE done
	LEAQ (R8)(R10*2), R10    // the end of idx
	XORQ DX, DX              // the block's offset in bytes

block32:
	MOVQ R11, AX
	SUBQ DX, AX
	CMPQ AX, $128
	JLT block8
	LEAQ (DI)(DX*1), CX
	MOVUPS 0(CX), X0
	MOVUPS 16(CX), X1
	MOVUPS 32(CX), X2
	MOVUPS 48(CX), X3
	MOVUPS 64(CX), X4
	MOVUPS 80(CX), X5
	MOVUPS 96(CX), X6
	MOVUPS 112(CX), X7
	MOVQ R8, R12
	MOVQ R9, R13
	LEAQ (SI)(DX*1), CX      // the block's first weight of row 0

row32:
	MOVWQSX (R12), AX        // idx[k]
	IMULQ R11, AX
	LEAQ (CX)(AX*1), BX
	MOVSS (R13), X8
	SHUFPS $0, X8, X8        // x in all four lanes
	TERM(0, X0, X9)
	TERM(16, X1, X10)
	TERM(32, X2, X11)
	TERM(48, X3, X12)
	TERM(64, X4, X13)
	TERM(80, X5, X14)
	TERM(96, X6, X9)
	TERM(112, X7, X10)
	ADDQ $2, R12
	ADDQ $4, R13
	CMPQ R12, R10
	JLT row32

	LEAQ (DI)(DX*1), CX
	MOVUPS X0, 0(CX)
	MOVUPS X1, 16(CX)
	MOVUPS X2, 32(CX)
	MOVUPS X3, 48(CX)
	MOVUPS X4, 64(CX)
	MOVUPS X5, 80(CX)
	MOVUPS X6, 96(CX)
	MOVUPS X7, 112(CX)
	ADDQ $128, DX
	JMP block32

block8:
	CMPQ DX, R11
	JGE done
	LEAQ (DI)(DX*1), CX
	MOVUPS 0(CX), X0
	MOVUPS 16(CX), X1
	MOVQ R8, R12
	MOVQ R9, R13
	LEAQ (SI)(DX*1), CX

row8:
	MOVWQSX (R12), AX
	IMULQ R11, AX
	LEAQ (CX)(AX*1), BX
	MOVSS (R13), X8
	SHUFPS $0, X8, X8
	TERM(0, X0, X9)
	TERM(16, X1, X10)
	ADDQ $2, R12
	ADDQ $4, R13
	CMPQ R12, R10
	JLT row8

	LEAQ (DI)(DX*1), CX
	MOVUPS X0, 0(CX)
	MOVUPS X1, 16(CX)
	ADDQ $32, DX
	JMP block8

done:
	RET
