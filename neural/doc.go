// Package neural is a learned evaluator of long and short nardy: a small
// neural network per game, trained by self-play (command nardy-train), that
// maps a position to the chances of each way the game can end, in the
// game's own terms ([Probs]: win, mars, koks and, in long nardy, home mars,
// for each side; gammon and backgammon are the short-nardy words for mars
// and koks), and to the equity under any scoring table ([Probs.Equity]).
//
// The parts:
//
//   - [Net]: the network. [Default] returns a copy of the trained one of
//     a game, embedded in the package (go:embed, neural/weights/*.nn), to
//     train; to search with it, [NewSearcher] given no network shares the
//     embedded one, decoded once per process, without a copy;
//     [Net.Evaluate] evaluates a position for its player on roll,
//     [Net.EvaluatePlays] all plays of a roll at once. Both allocate
//     nothing and a Net is safe for concurrent evaluation. On amd64 the
//     hidden layer's sums and the output layer's dot products are SSE
//     assembly (rows_amd64.s, dots_amd64.s); elsewhere, and with the build
//     tag purego, Go: the same results bit for bit. The Go code rounds
//     every product before it adds it (float32(x*y), float64(x*y)), so
//     that no compiler fuses the two (arm64's does where it may), and the
//     evaluations, training steps and equities are the same bits on every
//     architecture.
//   - The input encoding (encode.go): per side, in its own numbering, the
//     truncated unary code of the checkers on each point, the checkers off
//     and the pip count, and a few features (short nardy: the bar, the
//     opponent's shots at the side's blots, primes, home points, contact;
//     long nardy: blocks, L5, and the points held ahead of the opponent's
//     last checker). Only board.go reads a [nardy.Position]'s checkers.
//   - [Searcher]: 0-, 1- and 2-ply evaluation and play choice (the n-ply
//     evaluation averages the (n−1)-ply one over the 21 rolls, after the
//     play the network prefers), [PlayLoss] for judging plays, and
//     [Searcher.Rollout] and [Searcher.RolloutPlays], which play a
//     position, or the results of several plays, out many times.
//   - [DecideCube]: double, take, beaver and drop from the chances, money
//     play by Janowski's cube-efficiency formulas and match play with a
//     match equity table computed by [ComputeMET] (without the Crawford
//     rule, the same model's table without the Crawford game). [Searcher.SearchCube]
//     decides at 1 and 2 ply by searching with the cube (the model at the
//     leaves), [Searcher.RolloutCube] by cubeful rollouts; [GameCubeInfo]
//     reads a game's cube state and [CubeAction] turns the verdict into a
//     game action. Package bot's Neural player uses them.
//   - The bear-off database (bearoff.go): where both sides have every
//     checker home, the Searcher (and so every player, judge and rollout
//     built on it) evaluates the race from one-sided tables of the rolls
//     each side needs to bear off all its checkers, and its first, and
//     where both have at most six checkers from an exact two-sided table,
//     instead of the network. It is built on first use, in about a
//     second, and takes 13 MB (24 MB allocated while it is built). Where
//     both have at most five checkers, the Searcher's cube decisions in
//     money play are exact, from cubeful tables of the race
//     (bearoff_cube.go: the cube limit and beavers counted; 21.5 MB more,
//     and as much again for the tables with beavers, each built on first
//     need). [Net] alone is the network everywhere.
//   - [ReadNet] and [Net.WriteTo]: the weights file format.
//
// Concurrency: a [Net] is safe for concurrent use but for the methods that
// change it; a [Searcher] keeps buffers and belongs to one goroutine. The
// other types are plain values (their few pointers and slices only read),
// safe to share between goroutines, and the functions keep no state but
// the tables built once per process and then only read (see [WarmUp]).
//
// How the networks were trained and how fast they evaluate is in
// docs/training.md, how strong they are in docs/strength.md, and the
// bear-off database and rollouts in docs/evaluation.md, each with the
// commands that reproduce its figures.
package neural
