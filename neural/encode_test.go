package neural

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestShotsAgainstGenerator checks the shots feature (input 100) against
// the move generator: for the player not on roll, the rolls of the
// opponent (the player on roll here) with a legal play that hits. Where
// the player on roll has no checker on the bar (the other may have), a few
// positions may differ where forced play (C5) forbids a hitting step; the
// feature must agree on at least 97% of them. With one checker of the
// player on roll on the bar, the feature counts only that checker's hits
// (S3 lets any checker hit once it has entered): it may count fewer rolls
// than the generator, more only where C5 forbids a hitting step (3% at
// most). Two or more on the bar are TestS3_ShotsFromTheBar's.
func TestShotsAgainstGenerator(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	var agree, n, oneOnBar, over int
	for _, pos := range samplePositions(t, nardy.Short, 3000, 11) {
		b := boardOf(pos)
		if b.me[nardy.Bar] > 1 {
			continue
		}
		var in inputs
		encode(&b, &in, plainShort)
		got := 0.0
		for k := range in.n {
			if int(in.idx[k]) == perSideShort+100 { // the opponent's blots
				got = float64(in.val[k]) * 36
			}
		}
		want := 0
		for _, wr := range nardy.AllRolls() {
			plays, err := r.AppendLegal(buf[:0], pos, wr.Roll)
			require.NoError(t, err)
			for _, p := range plays {
				if p.Hits() > 0 {
					want += wr.Weight
					break
				}
			}
		}
		if b.me[nardy.Bar] == 1 {
			oneOnBar++
			if int(got+0.5) > want {
				over++
			}
			continue
		}
		n++
		if int(got+0.5) == want {
			agree++
		}
	}
	require.Greater(t, n, 1000)
	assert.GreaterOrEqual(t, float64(agree)/float64(n), 0.97, "%d of %d agree", agree, n)
	require.Greater(t, oneOnBar, 300)
	assert.LessOrEqual(t, float64(over)/float64(oneOnBar), 0.03, "%d of %d count more rolls than hit", over, oneOnBar)
}

// TestEncodeShape: every index is inside the variant's input vector, no
// index repeats, and the start position sets the units a reader expects.
func TestEncodeShape(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		for _, pos := range samplePositions(t, v, 500, 12) {
			b := boardOf(pos)
			var in inputs
			encode(&b, &in, numInputs(v))
			seen := map[int16]bool{}
			for k := range in.n {
				i := in.idx[k]
				require.True(t, int(i) >= 0 && int(i) < numInputs(v))
				require.False(t, seen[i], "index %d twice", i)
				seen[i] = true
				require.True(t, in.val[k] > 0 && in.val[k] <= 4, "value %v", in.val[k])
			}
		}
	}
	start := mustPosition(nardy.StartPosition(nardy.Long, nardy.White))
	b := boardOf(start)
	var in inputs
	encode(&b, &in, numInputs(nardy.Long))
	got := map[int]float32{}
	for k := range in.n {
		got[int(in.idx[k])] = in.val[k]
	}
	// 15 on the head (point 24): units 92..95 = 1, 1, 1, 12/4; pips
	// 360/400; the head is a run of one held point (the opponent's 12) with
	// the opponent's head behind it; nothing else.
	want := map[int]float32{}
	for _, base := range []int{0, perSideLong} {
		for i, v := range map[int]float32{92: 1, 93: 1, 94: 1, 95: 3, 97: 0.9, 98: 1.0 / 6} {
			want[base+i] = v
		}
	}
	assert.Equal(t, want, got)
}

// TestS3_ShotsFromTheBar (input 100, whose reach the pip loss and double
// shots of the expert inputs share): the mover has two checkers on the bar
// and thirteen on its 6; the opponent a blot on its 9 (the mover's 16) and
// fourteen on its 13. S3: both barred checkers enter before any other
// moves, so only 3-3 hits (enter, enter, 3, 3), 1 roll of 36, as the move
// generator finds. The input, as encode.go documents, lets one entering
// checker hit as if it were alone on the bar: 3-6 and 4-5 (enter with one
// die, on with the other: 4 rolls) and 3-3 (3, 6, 9): 5 rolls.
func TestS3_ShotsFromTheBar(t *testing.T) {
	var me, opp nardy.Side
	me[nardy.Bar], me[6] = 2, 13
	opp[9], opp[13] = 1, 14
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, me, opp)
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	hitting := 0
	for _, wr := range nardy.AllRolls() {
		plays, err := r.Legal(pos, wr.Roll)
		require.NoError(t, err)
		for _, p := range plays {
			if p.Hits() > 0 {
				hitting += wr.Weight
				break
			}
		}
	}
	require.Equal(t, 1, hitting, "the move generator")
	// Input 100 is the same in both short encodings
	// (TestRichKeepsThePlainInputs).
	got := float64(richOf(t, boardOf(pos))[perSideShort+100]) * 36
	assert.InDelta(t, 5, got, 1e-4, "the documented simplification")
}
