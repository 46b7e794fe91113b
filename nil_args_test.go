package nardy_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/render"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNilArguments: a nil reader, writer, recorder or context given to the
// library is an error, not a panic (each of these panicked), and rules a
// .mat file cannot be of say which sentinel they break.
func TestNilArguments(t *testing.T) {
	short := nardy.DefaultRules(nardy.Short)
	var rc *nardy.Recorder
	assert.ErrorIs(t, rc.Do(nardy.Action{Kind: nardy.ActRoll}), nardy.ErrWrongPhase)
	assert.ErrorIs(t, rc.Roll(nardy.NewSeededDice(1)), nardy.ErrWrongPhase)
	assert.Equal(t, nardy.Match{}, rc.Match())
	assert.Equal(t, nardy.Record{}, rc.Record())

	_, _, err := gnubg.ReadMat(nil, short)
	assert.ErrorIs(t, err, gnubg.ErrMat)
	_, _, err = gnubg.ReadMatSession(nil, short)
	assert.ErrorIs(t, err, gnubg.ErrMat)
	_, _, err = gnubg.ReadMat(strings.NewReader(" 1 point match\n"), nardy.Rules{})
	assert.ErrorIs(t, err, nardy.ErrInvalidRules)
	_, _, err = gnubg.ReadMat(strings.NewReader(" 1 point match\n"), nardy.DefaultRules(nardy.Long))
	assert.ErrorIs(t, err, nardy.ErrVariantMismatch)
	assert.ErrorIs(t, err, gnubg.ErrMat)

	r, err := nardy.NewRecorder(short, 1, nil)
	require.NoError(t, err)
	assert.ErrorIs(t, gnubg.WriteMat(nil, r.Record(), gnubg.MatInfo{}), gnubg.ErrMat)

	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	assert.ErrorIs(t, render.SVG(nil, start, render.Options{}), render.ErrOptions)
	var buf bytes.Buffer
	assert.NoError(t, render.SVG(&buf, start, render.Options{}))

	var nilCtx context.Context
	_, err = analysis.Analyze(nilCtx, r.Record(), analysis.Options{})
	assert.ErrorIs(t, err, analysis.ErrBadOptions)
}
