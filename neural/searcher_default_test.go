package neural

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testmem"
)

// TestNewSearcherSharesTheEmbeddedNet: NewSearcher(nil, r) searches with
// the embedded network of r's variant, decoded once and shared by every
// such Searcher, not copied for each (a copy is the size of the weights
// file): the Searcher allocates far less than a network, and its Net stays
// nil, so no caller reaches the shared network to train it. It evaluates,
// chooses and rolls out as a Searcher over a copy from Default does.
func TestNewSearcherSharesTheEmbeddedNet(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		r := nardy.DefaultRules(v)
		own, err := Default(v)
		require.NoError(t, err)
		var file bytes.Buffer
		_, err = own.WriteTo(&file)
		require.NoError(t, err)

		var s *Searcher
		a := testmem.Allocated(func() { s = NewSearcher(nil, r) })
		assert.Less(t, a, uint64(file.Len()/8), "%v: NewSearcher(nil) copies the network (%d bytes)", v, file.Len())
		assert.Nil(t, s.Net, "%v: the shared network within the caller's reach", v)
		shared, err := shared(v)
		require.NoError(t, err)
		assert.Same(t, shared, s.net(), "%v", v)
		assert.Same(t, s.net(), NewSearcher(nil, r).net(), "%v", v)

		mine := NewSearcher(own, r)
		for i, pos := range samplePositions(t, v, 6, 31) {
			ply := i % 2
			assert.Equal(t, mine.Eval(pos, ply), s.Eval(pos, ply), "%v %v", v, pos)
			plays, err := r.Legal(pos, nardy.AllRolls()[i].Roll)
			require.NoError(t, err)
			assert.Equal(t, mine.Rank(plays, ply), s.Rank(plays, ply), "%v %v", v, pos)
		}
		pos := samplePositions(t, v, 1, 5)[0]
		opt := RolloutOptions{Trials: 72, Truncate: 2, Workers: 2, Seed: 9}
		want, err := mine.Rollout(context.Background(), pos, opt)
		require.NoError(t, err)
		got, err := s.Rollout(context.Background(), pos, opt)
		require.NoError(t, err, "%v: a rollout (its workers clone the Searcher)", v)
		assert.Equal(t, want, got, "%v", v)
	}
}

// TestSearcherLiteralHasNoSharedNet: only NewSearcher gives a Searcher the
// embedded network; a literal without Net still gives no evaluation (as
// NewSearcher's doc says), and a nil Net set on a Searcher that NewSearcher
// gave a network of its own leaves it none.
func TestSearcherLiteralHasNoSharedNet(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	pos := samplePositions(t, nardy.Short, 1, 3)[0]
	assert.Equal(t, Probs{}, (&Searcher{Rules: r}).Eval(pos, 0))
	own, err := Default(nardy.Short)
	require.NoError(t, err)
	s := NewSearcher(own, r)
	require.NotEqual(t, Probs{}, s.Eval(pos, 0))
	s.Net = nil
	assert.Equal(t, Probs{}, s.Eval(pos, 0))
}

// TestNetSetOnASharingSearcher: NewSearcher's doc says to set Net on a
// Searcher that shares the embedded network to search with another: once
// set, Net is the network it evaluates, chooses and rolls out with, as a
// Searcher built with that network does, and not the shared one it was
// built with; set back to nil, the shared one again.
func TestNetSetOnASharingSearcher(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		r := nardy.DefaultRules(v)
		other, err := NewNet(v, 8, 3) // untrained: other chances than the embedded one's
		require.NoError(t, err)
		s := NewSearcher(nil, r)
		embedded, mine := NewSearcher(nil, r), NewSearcher(other, r)
		s.Net = other
		differ := false
		for i, pos := range samplePositions(t, v, 6, 17) {
			ply := i % 2
			want := mine.Eval(pos, ply)
			assert.Equal(t, want, s.Eval(pos, ply), "%v %v ply %d", v, pos, ply)
			differ = differ || want != embedded.Eval(pos, ply)
			plays, err := r.Legal(pos, nardy.AllRolls()[i+3].Roll)
			require.NoError(t, err)
			assert.Equal(t, mine.Rank(plays, ply), s.Rank(plays, ply), "%v %v", v, pos)
		}
		require.True(t, differ, "%v: the two networks evaluate alike", v)
		pos := samplePositions(t, v, 1, 5)[0]
		opt := RolloutOptions{Trials: 36, Truncate: 2, Workers: 2, Seed: 4}
		want, err := mine.Rollout(context.Background(), pos, opt)
		require.NoError(t, err)
		got, err := s.Rollout(context.Background(), pos, opt)
		require.NoError(t, err)
		assert.Equal(t, want, got, "%v: a rollout with the Net set", v)
		s.Net = nil
		assert.Equal(t, embedded.Eval(pos, 0), s.Eval(pos, 0), "%v: Net set back to nil", v)
	}
}
