package main

import "runtime/debug"

// version is set by the build (make build: -ldflags "-X main.version=...").
var version string

// versionDe is the build's version: the one stamped by the build, else the
// commit Go recorded when it built from a repository, else "desarrollo".
func versionDe(stamped string, info *debug.BuildInfo, ok bool) string {
	if stamped != "" {
		return stamped
	}
	if !ok {
		return "desarrollo"
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "desarrollo"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-modificado"
	}
	return rev
}

// versionActual is the running binary's version.
func versionActual() string {
	info, ok := debug.ReadBuildInfo()
	return versionDe(version, info, ok)
}
