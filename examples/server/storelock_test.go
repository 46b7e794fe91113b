package main

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSQLiteOneStorePerFile: a SQLite file has one open store at a time
// (one server per file, README): a second store on the file is refused
// with ErrStoreInUse, naming the file, the process holding it and what to
// do, and leaves the first store working; once the first is closed the
// file opens again, and another file beside it opens meanwhile. The second
// opened without a word, then served stale reads and had its writes
// refused.
func TestSQLiteOneStorePerFile(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no flock(2) here: lockStore takes no lock")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "games.db")
	first, err := openSQLite(path)
	require.NoError(t, err)
	r := Row{ID: newID(), Version: 1, Client: "c", Updated: time.Now(), Data: []byte(`{"first":true}`)}
	require.NoError(t, first.Create(context.Background(), r))

	second, err := openSQLite(path)
	if !assert.ErrorIs(t, err, ErrStoreInUse) {
		if second != nil {
			second.Close()
		}
		t.FailNow()
	}
	assert.Nil(t, second)
	assert.Contains(t, err.Error(), path)
	assert.Contains(t, err.Error(), "process "+strconv.Itoa(os.Getpid()))
	assert.Contains(t, err.Error(), "one server per SQLite file")

	other, err := openSQLite(filepath.Join(dir, "other.db"))
	require.NoError(t, err, "another file is another lock")
	require.NoError(t, other.Close())

	got, err := first.Load(context.Background(), r.ID, -1)
	require.NoError(t, err, "the refusal left the first store alone")
	assert.Equal(t, r.Data, got.Data)
	require.NoError(t, first.Close())

	again, err := openSQLite(path)
	require.NoError(t, err, "a closed store's file opens again")
	defer again.Close()
	got, err = again.Load(context.Background(), r.ID, -1)
	require.NoError(t, err)
	assert.Equal(t, r.Data, got.Data)
}

// TestSecondServerRefused: a second server started on the SQLite file of
// a running one exits at once, with a message that says why, and the
// first goes on serving its games; once the first is killed (SIGKILL: the
// kernel lets its lock go) a server starts on the file again. The second
// started and ran, serving the games as it read them.
func TestSecondServerRefused(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no flock(2) here: lockStore takes no lock")
	}
	bin, db := builtServer(t)
	url, first := startServer(t, bin, db)
	c := &client{t: t, url: url, hc: &http.Client{Timeout: 30 * time.Second}}
	st, me, _ := c.create(`{"preset":"short-standard"}`)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, "-addr", "127.0.0.1:0", "-db", db).CombinedOutput()
	require.NoError(t, ctx.Err(), "the second server did not exit: %s", out)
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, "the second server must fail: %s", out)
	assert.Contains(t, string(out), "in use by another server", "%s", out)
	assert.Contains(t, string(out), "process "+strconv.Itoa(first.Process.Pid), "%s", out)
	assert.Equal(t, st.Version, me.state().Version, "the first server goes on")

	require.NoError(t, first.Process.Kill())
	_ = first.Wait()
	url, _ = startServer(t, bin, db)
	c.url = url
	assert.Equal(t, st.Version, me.state().Version, "a server starts on the file once the first is gone")
}

// skipWithoutFlock skips a test of the lock where lockStore takes none.
func skipWithoutFlock(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no flock(2) here: lockStore takes no lock")
	}
}

// TestSQLiteLockFileNamesItsHolder: the lock is on FILE.lock, beside the
// database, which holds the holder's process id and nothing else, though
// a server before it left a longer text there (a stale id and more): the
// next server to try names the holder. Written over without being cut,
// the old text's tail stayed and the holder was "another process".
func TestSQLiteLockFileNamesItsHolder(t *testing.T) {
	skipWithoutFlock(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "games.db")
	require.NoError(t, os.WriteFile(path+".lock", []byte("4194304999 left by a server long gone\n"), 0o644))
	first, err := openSQLite(path)
	require.NoError(t, err)
	defer first.Close()
	b, err := os.ReadFile(path + ".lock")
	require.NoError(t, err)
	assert.Equal(t, strconv.Itoa(os.Getpid())+"\n", string(b))
	_, err = openSQLite(path)
	require.ErrorIs(t, err, ErrStoreInUse)
	assert.Contains(t, err.Error(), "is held by process "+strconv.Itoa(os.Getpid())+")")
}

// TestSQLiteRefusedOpenLeaksNothing: a store refused for a held lock
// keeps no file open (each refusal left the lock file's descriptor open),
// and a file that is no SQLite database, refused when the schema is made,
// lets its lock go: trying it again gives the same error, not
// ErrStoreInUse, and once it is gone a store opens there.
func TestSQLiteRefusedOpenLeaksNothing(t *testing.T) {
	skipWithoutFlock(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "games.db")
	first, err := openSQLite(path)
	require.NoError(t, err)
	defer first.Close()
	fds := func() int {
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skipf("no /proc/self/fd to count open files: %v", err)
		}
		return len(ents)
	}
	before := fds()
	const tries = 30
	for range tries {
		_, err := openSQLite(path)
		require.ErrorIs(t, err, ErrStoreInUse)
	}
	assert.Less(t, fds()-before, tries/3, "files left open by %d refused stores", tries)

	bad := filepath.Join(dir, "bad.db")
	require.NoError(t, os.WriteFile(bad, []byte("this is not a SQLite database, and it is long enough to have a header of one: "+
		"0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"), 0o644))
	_, err = openSQLite(bad)
	require.Error(t, err)
	require.NotErrorIs(t, err, ErrStoreInUse)
	_, again := openSQLite(bad)
	require.Error(t, again)
	assert.NotErrorIs(t, again, ErrStoreInUse, "the first refusal kept the lock: %v", again)
	require.NoError(t, os.Remove(bad))
	s, err := openSQLite(bad)
	require.NoError(t, err, "a store opens once the file is a database's")
	require.NoError(t, s.Close())
}

// TestStoreLockOfNone: a store without a lock (lockStore takes none where
// flock(2) is missing, and a storeLock whose file is gone) closes without
// an error; unlocking a nil lock dereferenced it.
func TestStoreLockOfNone(t *testing.T) {
	var none *storeLock
	assert.NoError(t, none.unlock())
	assert.NoError(t, (&storeLock{}).unlock())
}
