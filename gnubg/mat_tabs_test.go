package gnubg_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadMatTabsSaySo: a .mat file whose columns are parted by tabs
// (testdata/mat/dialects/tabs.mat), which ReadMat refuses as its doc says,
// is refused with a message that names the tabs. The right column is found
// by its column, so a move written after tabs reads as the left player's,
// and the refusal said only "roll by white in phase roll: not this
// player's turn to act", with no word of the cause (helper-185, analysing
// .mat files from the docs). The error still matches what it matched.
func TestReadMatTabsSaySo(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "mat", "dialects", "tabs.mat"))
	require.NoError(t, err)
	_, _, err = gnubg.ReadMat(strings.NewReader(string(data)), variants.ShortStandard())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 16 holds a tab")
	assert.ErrorIs(t, err, gnubg.ErrMat)
	assert.ErrorIs(t, err, nardy.ErrActionRefused)
	var ae *nardy.ActionError
	assert.True(t, errors.As(err, &ae), "the refusal is still an *ActionError")

	// The same file with spaces for its tabs is no such error; a refused
	// line without a tab says nothing of tabs.
	spaced := strings.ReplaceAll(string(data), "\t", "    ")
	_, _, err = gnubg.ReadMat(strings.NewReader(spaced), variants.ShortStandard())
	if err != nil {
		assert.NotContains(t, err.Error(), "tab")
	}
	bad := strings.Replace(string(data), "\t", "    ", -1)
	bad = strings.Replace(bad, "31: 8/5 6/5", "31: 8/5 6/3", 1)
	_, _, err = gnubg.ReadMat(strings.NewReader(bad), variants.ShortStandard())
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "tab")
}
