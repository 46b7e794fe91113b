//go:build amd64 && !purego

#include "textflag.h"

// func addRowsSSE(sum, w *float32, hid int, idx *int16, val *float32, n int)
//
// For k in 0..n-1: x = val[k], row = w + idx[k]*hid; for j in 0..hid-1
// (hid a positive multiple of 8): sum[j] = sum[j] + x*row[j], each product
// rounded to float32 before the addition, as the Go code computes it.
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

nextrow:
	MOVWQSX (R8), AX         // idx[k]
	IMULQ R11, AX
	LEAQ (SI)(AX*1), BX      // the row's first weight
	MOVSS (R9), X8
	SHUFPS $0, X8, X8        // x in all four lanes
	XORQ DX, DX

eight:
	MOVUPS (BX)(DX*1), X0
	MOVUPS 16(BX)(DX*1), X1
	MULPS X8, X0
	MULPS X8, X1
	MOVUPS (DI)(DX*1), X2
	MOVUPS 16(DI)(DX*1), X3
	ADDPS X0, X2
	ADDPS X1, X3
	MOVUPS X2, (DI)(DX*1)
	MOVUPS X3, 16(DI)(DX*1)
	ADDQ $32, DX
	CMPQ DX, R11
	JLT eight

	ADDQ $2, R8
	ADDQ $4, R9
	DECQ R10
	JNZ nextrow

done:
	RET
