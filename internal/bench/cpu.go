package bench

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// CPU is the processor time spent during a scenario's measured part: by this
// process (Muelle's server and the load generator, which share it) and by
// the local PostgreSQL's processes (0 on SQLite, or when PostgreSQL runs
// elsewhere).
type CPU struct {
	Muelle, Postgres time.Duration
}

// ticksPorSegundo is the kernel's clock tick of /proc/<pid>/stat (USER_HZ,
// 100 on every Linux this runs on).
const ticksPorSegundo = 100

// leerCPU reads the processor time used so far by this process and by every
// process named postgres (Linux /proc; zero elsewhere).
func leerCPU() CPU {
	c := CPU{Muelle: tiempoDe("/proc/self/stat")}
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		if comm, err := os.ReadFile(filepath.Join(d, "comm")); err == nil && strings.TrimSpace(string(comm)) == "postgres" {
			c.Postgres += tiempoDe(filepath.Join(d, "stat"))
		}
	}
	return c
}

// tiempoDe is utime + stime of a /proc/<pid>/stat file.
func tiempoDe(archivo string) time.Duration {
	b, err := os.ReadFile(archivo)
	if err != nil {
		return 0
	}
	// the command name may hold spaces: the fields start after its closing parenthesis
	campos := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(campos) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(campos[11], 10, 64)
	stime, _ := strconv.ParseInt(campos[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / ticksPorSegundo
}

// menos is the time spent between antes and c.
func (c CPU) menos(antes CPU) CPU {
	return CPU{Muelle: c.Muelle - antes.Muelle, Postgres: c.Postgres - antes.Postgres}
}
