//go:build !unix

package sqldb

// writable cannot check without opening the file on this system: the
// connection's own read-only check stands alone.
func writable(string) error { return nil }
