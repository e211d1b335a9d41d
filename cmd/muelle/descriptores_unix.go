//go:build unix

package main

import (
	"log/slog"
	"syscall"
)

// registrarDescriptores raises the process's limit of open files as far as
// the system allows (every connection holds one) and logs the figure in force.
func registrarDescriptores(log *slog.Logger) {
	limite, err := subirLimiteDescriptores()
	if err != nil {
		log.Warn("no se pudo subir el límite de archivos abiertos", "límite", limite, "err", err)
		return
	}
	log.Info("límite de archivos abiertos", "límite", limite)
}

// subirLimiteDescriptores raises the soft limit of open files to the hard one
// and answers the limit in force.
func subirLimiteDescriptores() (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, err
	}
	if lim.Cur >= lim.Max {
		return lim.Cur, nil
	}
	subido := syscall.Rlimit{Cur: lim.Max, Max: lim.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &subido); err != nil {
		return lim.Cur, err
	}
	return subido.Cur, nil
}
