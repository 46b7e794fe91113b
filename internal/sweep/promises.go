package sweep

import (
	"reflect"
	"strings"
)

// Sharing is what the docs promise of the values of a type used from
// several goroutines at once.
type Sharing int

const (
	// Free values are immutable in use: every method of one value, and
	// every function given it, may run in many goroutines at once.
	Free Sharing = iota + 1
	// ReadOnly values hold slices or pointers that the library only
	// reads: shared as Free ones are, so long as no caller changes them.
	ReadOnly
	// SafePointer values are shared as pointers: every method of the
	// pointer may run at once but those the promise's NotShared names.
	SafePointer
	// OneGoroutine values hold state (a generator, buffers): never
	// shared, each goroutine of the concurrent sweep gets its own.
	OneGoroutine
	// Implementers is an interface: each implementation says.
	Implementers
)

// Promise is the sharing promise of one type and the sentence of its doc
// (the type's, one of its methods' or the package's) that makes it.
type Promise struct {
	Sharing Sharing
	Quote   string
	// Varies: its results differ from call to call by design (a source
	// of real randomness), so that a call given one is only checked not
	// to race, not compared.
	Varies bool
	// NotShared are the methods of a SafePointer, or the pointer methods
	// of a Free or ReadOnly value (but UnmarshalJSON and UnmarshalText,
	// which fill the caller's own copy), that may not run on a shared
	// value, each with the sentence of the docs that says so.
	NotShared map[string]string
	// Reads are the pointer methods of a Free or ReadOnly value that only
	// read it (to spare a copy of a large value), each with the reason:
	// the concurrent sweep calls them on one pointer to the shared value.
	Reads map[string]string
}

// Doc quotes shared by the promises below.
const (
	nardyFree     = "they can be shared between goroutines freely"
	nardyRead     = "so one value can be read from many goroutines at once"
	nardyErrors   = "The methods of the typed errors only read them, so an error value can be shared too."
	analysisPlain = "The types are plain values (a Report's and a Hint's slices and pointers only read by the package), safe to share between goroutines"
	neuralPlain   = "The other types are plain values (their few pointers and slices only read), safe to share between goroutines"
	botPlain      = "A [CubePolicy], a [PlayerError] and an [UnknownBotError] are plain values, safe to share between goroutines"
	botPlayer     = "A player value keeps buffers between calls and is not safe for concurrent use"
)

// NardyPromises returns the sharing promises of every exported type of
// the nine public packages, by import path and name
// ("github.com/nardylab/nardy.Game"), the default of Config.Promises: a
// package's concurrent sweep fails for a type it registers that has none,
// and for a promise whose quote its docs do not hold.
func NardyPromises() map[string]Promise {
	return map[string]Promise{
		// package nardy: doc.go's # Concurrency.
		nardyPath + ".Position": {Sharing: Free, Quote: nardyFree}, nardyPath + ".Rules": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".Play": {Sharing: Free, Quote: nardyFree}, nardyPath + ".Turn": {Sharing: Free, Quote: "so a Turn can be kept, copied and shared between goroutines"},
		nardyPath + ".Game": {Sharing: Free, Quote: nardyFree}, nardyPath + ".Match": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".Roll": {Sharing: Free, Quote: nardyFree}, nardyPath + ".Step": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".Side": {Sharing: Free, Quote: nardyFree}, nardyPath + ".Cube": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".Scoring": {Sharing: Free, Quote: nardyFree}, nardyPath + ".Result": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".Setup": {Sharing: Free, Quote: nardyFree}, nardyPath + ".MatchStart": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".Opening": {Sharing: Free, Quote: nardyFree}, nardyPath + ".WeightedRoll": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".Color": {Sharing: Free, Quote: nardyFree}, nardyPath + ".Variant": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".Phase": {Sharing: Free, Quote: nardyFree}, nardyPath + ".ActionKind": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".BlockAhead": {Sharing: Free, Quote: nardyFree}, nardyPath + ".EndReason": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".HeadException": {Sharing: Free, Quote: nardyFree}, nardyPath + ".NextGameStarter": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".OpeningRoll": {Sharing: Free, Quote: nardyFree}, nardyPath + ".ResultKind": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".PerftCount": {Sharing: Free, Quote: nardyFree},
		nardyPath + ".Record":     {Sharing: ReadOnly, Quote: nardyRead}, nardyPath + ".Action": {Sharing: ReadOnly, Quote: nardyRead},
		nardyPath + ".CryptoDice":  {Sharing: Free, Quote: "[CryptoDice] is safe for concurrent use", Varies: true},
		nardyPath + ".ActionError": sharedError(nardyErrors), nardyPath + ".InvalidRulesError": sharedError(nardyErrors),
		nardyPath + ".PositionError": sharedError(nardyErrors), nardyPath + ".RecordError": sharedError(nardyErrors),
		nardyPath + ".RuleError": sharedError(nardyErrors), nardyPath + ".SyntaxError": sharedError(nardyErrors),
		nardyPath + ".SeededDice": {Sharing: OneGoroutine, Quote: "belong to one goroutine at a time"},
		nardyPath + ".Recorder":   {Sharing: OneGoroutine, Quote: "belong to one goroutine at a time"},
		nardyPath + ".DiceSource": {Sharing: Implementers, Quote: "A DiceSource is not safe for concurrent use unless it says so."},

		// package neural
		nardyPath + "/neural.Net": {Sharing: SafePointer, Quote: "A Net is safe for concurrent use by several goroutines as long as none of them changes it",
			NotShared: map[string]string{"Learn": "[Net.Learn] writes its weights", "SetInfo": "[Net.SetInfo] its provenance"}},
		nardyPath + "/neural.Searcher":     {Sharing: OneGoroutine, Quote: "A Searcher keeps buffers between calls and is not safe for concurrent use"},
		nardyPath + "/neural.CubeDecision": {Sharing: Free, Quote: neuralPlain},
		nardyPath + "/neural.CubeInfo":     {Sharing: Free, Quote: neuralPlain},
		nardyPath + "/neural.CubeRollout":  {Sharing: Free, Quote: neuralPlain},
		nardyPath + "/neural.MET": {Sharing: Free, Quote: neuralPlain,
			Reads: map[string]string{"At": "a pointer spares a copy of the 35 KB table; At only reads it"}},
		nardyPath + "/neural.MatchScore":     {Sharing: Free, Quote: neuralPlain},
		nardyPath + "/neural.PlayRollout":    {Sharing: Free, Quote: neuralPlain},
		nardyPath + "/neural.Probs":          {Sharing: Free, Quote: neuralPlain},
		nardyPath + "/neural.Ranked":         {Sharing: Free, Quote: neuralPlain},
		nardyPath + "/neural.RolloutOptions": {Sharing: Free, Quote: neuralPlain},
		nardyPath + "/neural.RolloutResult":  {Sharing: Free, Quote: neuralPlain},
		nardyPath + "/neural.RolloutError":   sharedError(neuralPlain),
		nardyPath + "/neural.WeightsError":   sharedError(neuralPlain),

		// package bot
		nardyPath + "/bot.Greedy":          {Sharing: OneGoroutine, Quote: botPlayer},
		nardyPath + "/bot.Expectimax":      {Sharing: OneGoroutine, Quote: botPlayer},
		nardyPath + "/bot.Neural":          {Sharing: OneGoroutine, Quote: botPlayer},
		nardyPath + "/bot.Random":          {Sharing: OneGoroutine, Quote: botPlayer},
		nardyPath + "/bot.Player":          {Sharing: Implementers, Quote: botPlayer},
		nardyPath + "/bot.MatchSeer":       {Sharing: Implementers, Quote: botPlayer},
		nardyPath + "/bot.CubePolicy":      {Sharing: Free, Quote: botPlain},
		nardyPath + "/bot.PlayerError":     sharedError(botPlain),
		nardyPath + "/bot.UnknownBotError": sharedError(botPlain),

		// package analysis
		nardyPath + "/analysis.Options":      {Sharing: ReadOnly, Quote: "so one record, game and Options can serve calls from several goroutines at once"},
		nardyPath + "/analysis.Report":       {Sharing: ReadOnly, Quote: analysisPlain},
		nardyPath + "/analysis.Hint":         {Sharing: ReadOnly, Quote: analysisPlain},
		nardyPath + "/analysis.Decision":     {Sharing: Free, Quote: analysisPlain},
		nardyPath + "/analysis.GameResult":   {Sharing: Free, Quote: analysisPlain},
		nardyPath + "/analysis.Luck":         {Sharing: Free, Quote: analysisPlain},
		nardyPath + "/analysis.PlayHint":     {Sharing: Free, Quote: analysisPlain},
		nardyPath + "/analysis.PlayerStats":  {Sharing: Free, Quote: analysisPlain},
		nardyPath + "/analysis.OptionsError": sharedError(analysisPlain),

		// packages xgid, gnubg, render, variants, fair
		nardyPath + "/xgid.ID":             {Sharing: Free, Quote: "An [ID] is a plain value, safe to share between goroutines"},
		nardyPath + "/xgid.CubeAction":     {Sharing: Free, Quote: "An [ID] is a plain value, safe to share between goroutines"},
		nardyPath + "/gnubg.MatchID":       {Sharing: Free, Quote: "A [MatchID], a [MatInfo] and a [MatError] are plain values"},
		nardyPath + "/gnubg.GameState":     {Sharing: Free, Quote: "A [MatchID], a [MatInfo] and a [MatError] are plain values"},
		nardyPath + "/gnubg.MatInfo":       {Sharing: ReadOnly, Quote: "A [MatchID], a [MatInfo] and a [MatError] are plain values (a MatInfo's tags only read)"},
		nardyPath + "/gnubg.MatTag":        {Sharing: Free, Quote: "A [MatchID], a [MatInfo] and a [MatError] are plain values"},
		nardyPath + "/gnubg.MatError":      sharedError("A [MatchID], a [MatInfo] and a [MatError] are plain values"),
		nardyPath + "/render.Options":      {Sharing: ReadOnly, Quote: "only read their [Options] (its Steps and DiceLeft too)"},
		nardyPath + "/render.OptionsError": sharedError("an [OptionsError] is a plain value, safe to share too"),
		nardyPath + "/variants.Preset":     {Sharing: Free, Quote: "A [Preset] is a plain value, safe to share between goroutines"},
		nardyPath + "/fair.Proof":          {Sharing: Free, Quote: "A [Proof] and a [ProofError] are plain values, safe to share between goroutines"},
		nardyPath + "/fair.Dice":           {Sharing: OneGoroutine, Quote: "a [Dice] holds the state of its throws and belongs to one goroutine"},
		nardyPath + "/fair.ProofError":     sharedError("A [Proof] and a [ProofError] are plain values, safe to share between goroutines"),
	}
}

const nardyPath = "github.com/nardylab/nardy"

// sharedError is the promise of a typed error, shared as a pointer: its
// methods (Error, Unwrap) only read it.
func sharedError(quote string) Promise { return Promise{Sharing: SafePointer, Quote: quote} }

// promiseOf returns the promise in ps of named type t (a pointer's
// element for a pointer) and whether it has one.
func promiseOf(ps map[string]Promise, t reflect.Type) (Promise, bool) {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	p, ok := ps[t.PkgPath()+"."+t.Name()]
	return p, ok
}

// decoder reports whether method m only fills its receiver from its
// argument, as a decoder does: never called on a shared value.
func decoder(m string) bool { return strings.HasPrefix(m, "Unmarshal") }
