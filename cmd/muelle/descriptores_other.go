//go:build !unix

package main

import "log/slog"

// registrarDescriptores has no limit of open files to raise on this system.
func registrarDescriptores(*slog.Logger) {}
