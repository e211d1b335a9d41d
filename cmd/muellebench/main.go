// Command muellebench measures the sale and the boarding over HTTP against the
// raw database on SQLite, and on PostgreSQL when MUELLE_BENCH_POSTGRES or
// MUELLE_TEST_POSTGRES names one, and prints the table of issue 39
// (MUELLE_BENCH_CPUPROFILE=FILE writes a CPU profile of the run). It
// prints figures only: a slow run is never a failure (`make bench`).
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"

	"muelle/internal/bench"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "muellebench:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := bench.ConfigDeEntorno()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if f := os.Getenv("MUELLE_BENCH_CPUPROFILE"); f != "" {
		out, err := os.Create(f)
		if err != nil {
			return err
		}
		defer out.Close()
		if err := pprof.StartCPUProfile(out); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	bases := [][2]string{{"SQLite", "sqlite:"}}
	if pg := postgresURL(); pg != "" {
		bases = append(bases, [2]string{"PostgreSQL", pg})
	} else {
		fmt.Println("PostgreSQL omitido: defina MUELLE_BENCH_POSTGRES o MUELLE_TEST_POSTGRES con su URL.")
	}
	fmt.Println("Muelle benchmark:", maquina())
	var informes []bench.Informe
	for _, b := range bases {
		inf, err := bench.Correr(ctx, b[0], b[1], cfg, os.Stdout)
		if err != nil {
			return fmt.Errorf("%s: %w", b[0], err)
		}
		informes = append(informes, inf)
	}
	bench.Imprimir(os.Stdout, cfg, informes)
	return nil
}

// postgresURL is the PostgreSQL server to measure, if any. The benchmark
// creates a schema of its own there and drops it at the end.
func postgresURL() string {
	if u := os.Getenv("MUELLE_BENCH_POSTGRES"); u != "" {
		return u
	}
	return os.Getenv("MUELLE_TEST_POSTGRES")
}

// maquina names the processor and the load when the run starts (the figures
// depend on both).
func maquina() string {
	modelo := "procesador desconocido"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				modelo = strings.TrimSpace(v)
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		modelo += ", carga " + strings.Join(strings.Fields(string(b))[:3], " ")
	}
	return modelo
}
