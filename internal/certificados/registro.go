package certificados

import (
	"context"
	"log/slog"
	"slices"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// registroZap is certmagic's logger writing its warnings and errors to log
// (certmagic logs with zap; Muelle with slog).
func registroZap(log *slog.Logger) *zap.Logger { return zap.New(nucleoSlog{log: log}) }

// nucleoSlog is a zap core that hands warnings and errors to slog.
type nucleoSlog struct {
	log    *slog.Logger
	campos []zapcore.Field
}

func (n nucleoSlog) Enabled(l zapcore.Level) bool { return l >= zapcore.WarnLevel }

func (n nucleoSlog) With(campos []zapcore.Field) zapcore.Core {
	return nucleoSlog{log: n.log, campos: append(slices.Clip(n.campos), campos...)}
}

func (n nucleoSlog) Check(e zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	if n.Enabled(e.Level) {
		return ce.AddCore(e, n)
	}
	return ce
}

func (n nucleoSlog) Write(e zapcore.Entry, campos []zapcore.Field) error {
	enc := zapcore.NewMapObjectEncoder()
	for _, c := range append(slices.Clip(n.campos), campos...) {
		c.AddTo(enc)
	}
	attrs := []any{"origen", "certmagic"}
	for k, v := range enc.Fields {
		attrs = append(attrs, k, v)
	}
	nivel := slog.LevelWarn
	if e.Level >= zapcore.ErrorLevel {
		nivel = slog.LevelError
	}
	n.log.Log(context.Background(), nivel, e.Message, attrs...)
	return nil
}

func (n nucleoSlog) Sync() error { return nil }
