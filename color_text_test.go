package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestColorUnmarshalTextAliases: Color.UnmarshalText reads the names it
// writes and, as its doc says, the one-letter aliases "w" and "b"; other
// text, such as "W" or "", is a syntax error.
func TestColorUnmarshalTextAliases(t *testing.T) {
	for in, want := range map[string]Color{"white": White, "w": White, "black": Black, "b": Black} {
		c := Black - want // the other colour, so a no-op read shows
		require.NoError(t, c.UnmarshalText([]byte(in)), "%q", in)
		assert.Equal(t, want, c, "%q", in)
	}
	for _, in := range []string{"W", "B", "", "wh", "blackk"} {
		var c Color
		assert.ErrorIs(t, c.UnmarshalText([]byte(in)), ErrSyntax, "%q", in)
	}
}
