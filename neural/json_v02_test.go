package neural

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// The JSON release 0.2.0 wrote of a Probs and a CubeDecision (the opening
// position of short nardy, money play with the Jacoby rule; the decision's
// match-winning chances, 0 in money play, set here to tell them apart),
// with Go's field names as keys: a program that stored them reads them
// back today.
const (
	probsV02JSON = `{"Variant":"short","Win":0.512134313583374,"WinMars":0.11517361551523209,"WinKoks":0.005224308930337429,"WinHomeMars":0,"LoseMars":0.10318180918693542,"LoseKoks":0.004827314987778664,"LoseHomeMars":0}`
	cubeV02JSON  = `{"NoDouble":0.03420999251216276,"DoubleTake":-0.258433811888099,"DoublePass":1,"Double":false,"Take":true,"MWCNoDouble":0.25,"MWCDoubleTake":0.125,"MWCDoublePass":0.5}`
)

// TestProbsAndCubeDecisionReadVersion02JSON: the keys of version 0.2 (Go's
// field names, "WinMars") are read as the library's own ("win_mars"), where
// every chance but Win read as 0 and every equity as 0, silently; where a
// document holds both, the library's key is taken.
func TestProbsAndCubeDecisionReadVersion02JSON(t *testing.T) {
	var p Probs
	require.NoError(t, json.Unmarshal([]byte(probsV02JSON), &p))
	assert.Equal(t, Probs{Variant: nardy.Short, Win: 0.512134313583374, WinMars: 0.11517361551523209,
		WinKoks: 0.005224308930337429, LoseMars: 0.10318180918693542, LoseKoks: 0.004827314987778664}, p)

	var d CubeDecision
	require.NoError(t, json.Unmarshal([]byte(cubeV02JSON), &d))
	assert.Equal(t, CubeDecision{NoDouble: 0.03420999251216276, DoubleTake: -0.258433811888099, DoublePass: 1,
		Take: true, MWCNoDouble: 0.25, MWCDoubleTake: 0.125, MWCDoublePass: 0.5}, d)

	// Both keys: the library's wins, in either order.
	for _, doc := range []string{`{"win_mars":0.25,"WinMars":0.5,"Win":0.75}`, `{"WinMars":0.5,"win_mars":0.25,"win":0.75}`} {
		var q Probs
		require.NoError(t, json.Unmarshal([]byte(doc), &q), doc)
		assert.Equal(t, Probs{Win: 0.75, WinMars: 0.25}, q, doc)
	}
	var e CubeDecision
	require.NoError(t, json.Unmarshal([]byte(`{"double_take":0.5,"DoubleTake":0.25,"NoDouble":0.125}`), &e))
	assert.Equal(t, CubeDecision{DoubleTake: 0.5, NoDouble: 0.125}, e)

	// What MarshalJSON writes reads back the same, and errors stay errors.
	for _, v := range []Probs{p, {}, {Variant: nardy.Long, Win: 1, WinMars: 0.5, WinHomeMars: 0.25, LoseMars: 0, LoseHomeMars: 0}} {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		var back Probs
		require.NoError(t, json.Unmarshal(b, &back))
		assert.Equal(t, v, back, string(b))
	}
	b, err := json.Marshal(d)
	require.NoError(t, err)
	var back CubeDecision
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, d, back)
	assert.Error(t, json.Unmarshal([]byte(`{"WinMars":"x"}`), &p))
	assert.Error(t, json.Unmarshal([]byte(`{"NoDouble":true}`), &d))
	assert.Error(t, json.Unmarshal([]byte(`[1]`), &d))
}

// TestProbsAndCubeDecisionJSONNullAndMissingKeys: null changes nothing and
// keys left out keep their values, as encoding/json does for the plain
// structs they were before they read version 0.2's keys too.
func TestProbsAndCubeDecisionJSONNullAndMissingKeys(t *testing.T) {
	p := Probs{Variant: nardy.Long, Win: 0.5, WinMars: 0.25}
	require.NoError(t, json.Unmarshal([]byte(`null`), &p))
	assert.Equal(t, Probs{Variant: nardy.Long, Win: 0.5, WinMars: 0.25}, p)
	require.NoError(t, json.Unmarshal([]byte(`{"LoseMars":0.125}`), &p))
	assert.Equal(t, Probs{Variant: nardy.Long, Win: 0.5, WinMars: 0.25, LoseMars: 0.125}, p)
	d := CubeDecision{NoDouble: 0.5, Take: true}
	require.NoError(t, json.Unmarshal([]byte(`null`), &d))
	assert.Equal(t, CubeDecision{NoDouble: 0.5, Take: true}, d)
	require.NoError(t, json.Unmarshal([]byte(`{"DoublePass":1}`), &d))
	assert.Equal(t, CubeDecision{NoDouble: 0.5, DoublePass: 1, Take: true}, d)
}
