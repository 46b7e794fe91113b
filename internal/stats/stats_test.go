package stats

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestWilson: values from the formula worked by hand (Wilson 1927; for 50
// of 100, 0.5 ± 1.96·√(0.25/100 + 1.96²/40000) / (1 + 1.96²/100)).
func TestWilson(t *testing.T) {
	lo, hi := Wilson(50, 100)
	assert.InDelta(t, 0.4038, lo, 1e-4)
	assert.InDelta(t, 0.5962, hi, 1e-4)
	lo, hi = Wilson(0, 10)
	assert.Equal(t, 0.0, lo)
	assert.InDelta(t, 0.2775, hi, 1e-4)
	lo, hi = Wilson(10, 10)
	assert.InDelta(t, 0.7225, lo, 1e-4)
	assert.Equal(t, 1.0, hi)
	lo, hi = Wilson(0, 0)
	assert.Equal(t, [2]float64{0, 1}, [2]float64{lo, hi})
}

// TestMean: the values 1, −1, 2, 0 have mean 0.5 and variance
// (0.25 + 2.25 + 2.25 + 0.25)/4 = 1.25, so the half-width is
// 1.96·√(1.25/4) = 1.0957.
func TestMean(t *testing.T) {
	mean, half := Mean(2, 6, 4) // sum 1−1+2+0, squares 1+1+4+0
	assert.InDelta(t, 0.5, mean, 1e-12)
	assert.InDelta(t, 1.0957, half, 1e-4)
	mean, half = Mean(3, 9, 1)
	assert.Equal(t, [2]float64{3, 0}, [2]float64{mean, half})
	mean, half = Mean(0, 0, 0)
	assert.Equal(t, [2]float64{0, 0}, [2]float64{mean, half})
}
