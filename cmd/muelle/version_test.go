package main

import (
	"runtime/debug"
	"testing"
)

func TestVersionDe(t *testing.T) {
	info := func(kv ...string) *debug.BuildInfo {
		b := &debug.BuildInfo{}
		for i := 0; i+1 < len(kv); i += 2 {
			b.Settings = append(b.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return b
	}
	cases := []struct {
		name, stamped string
		info          *debug.BuildInfo
		ok            bool
		want          string
	}{
		{"sellada por make build", "v1.2.0-3-gabc", info("vcs.revision", "0123456789abcdef"), true, "v1.2.0-3-gabc"},
		{"commit de go build", "", info("vcs.revision", "0123456789abcdef0123", "vcs.modified", "false"), true, "0123456789ab"},
		{"commit con cambios", "", info("vcs.revision", "0123456789abcdef0123", "vcs.modified", "true"), true, "0123456789ab-modificado"},
		{"sin datos de compilación", "", nil, false, "desarrollo"},
		{"sin repositorio", "", info(), true, "desarrollo"},
	}
	for _, tc := range cases {
		if got := versionDe(tc.stamped, tc.info, tc.ok); got != tc.want {
			t.Errorf("%s: %q, se esperaba %q", tc.name, got, tc.want)
		}
	}
}
