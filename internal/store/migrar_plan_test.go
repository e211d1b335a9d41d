package store

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

func TestLasTablasSeCopianDespuesDeLasQueReferencian(t *testing.T) {
	ref := func(hija, madre string) referencia {
		return referencia{hija: hija, madre: madre, nombre: hija + "_" + madre + "_fkey"}
	}
	refs := map[string][]referencia{
		"usuarios":         {ref("usuarios", "empresas"), ref("usuarios", "usuarios")},
		"pasajes":          {ref("pasajes", "empresas"), ref("pasajes", "caja_movimientos"), ref("pasajes", "usuarios")},
		"caja_movimientos": {ref("caja_movimientos", "pasajes"), ref("caja_movimientos", "cajas")},
		"cajas":            {ref("cajas", "usuarios")},
		"puntos":           {ref("puntos", "pasajes"), ref("puntos", "externa")},
	}
	tablas := []string{"caja_movimientos", "cajas", "empresas", "pasajes", "puntos", "usuarios"}
	orden, suspendidas := ordenarPorDependencias(tablas, refs)
	want := []string{"empresas", "usuarios", "cajas", "caja_movimientos", "pasajes", "puntos"}
	if !slices.Equal(orden, want) {
		t.Fatalf("orden %v, se esperaba %v", orden, want)
	}
	// the cycle is broken at the table that waits for fewer others, and a
	// table's reference to itself is suspended too
	var nombres []string
	for _, s := range suspendidas {
		nombres = append(nombres, s.nombre)
	}
	if !slices.Equal(nombres, []string{"usuarios_usuarios_fkey", "caja_movimientos_pasajes_fkey"}) {
		t.Fatalf("suspendidas %v", nombres)
	}
}

func TestLosValoresDeSQLiteSeConviertenAlTipoDePostgreSQL(t *testing.T) {
	instante := time.Date(2026, 11, 20, 13, 5, 6, 700000000, time.UTC)
	casos := []struct {
		tipo string
		v    any
		want any
	}{
		{"boolean", int64(1), true},
		{"boolean", int64(0), false},
		{"boolean", true, true},
		{"boolean", "true", true},
		{"bigint", int64(42), int64(42)},
		{"integer", float64(7), int64(7)},
		{"bigint", "150000", int64(150000)},
		{"timestamp with time zone", instante, instante},
		{"timestamp with time zone", "2026-11-20 13:05:06.7+00:00", instante},
		{"timestamp with time zone", "2026-11-20T10:05:06.7-03:00", instante.In(time.FixedZone("", -3*3600))},
		{"timestamp with time zone", "2026-11-20 13:05:06.7", instante},
		{"date", "2026-11-20", "2026-11-20"},
		{"date", time.Date(1998, 3, 1, 0, 0, 0, 0, time.UTC), "1998-03-01"},
		{"date", "2026-11-20 00:00:00+00:00", "2026-11-20"},
		{"bytea", "png", []byte("png")},
		{"text", []byte("Tigre"), "Tigre"},
		{"text", int64(12), "12"},
		{"jsonb", `{"a":1}`, `{"a":1}`},
		{"uuid", []byte{0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0},
			"12345678-9abc-def0-1234-56789abcdef0"},
		{"text", nil, nil},
	}
	for _, c := range casos {
		if got, err := valorPara(c.tipo, c.v); err != nil || !mismoValor(got, c.want) {
			t.Errorf("%s %#v: %#v %v, se esperaba %#v", c.tipo, c.v, got, err, c.want)
		}
	}
	for _, c := range []struct {
		tipo string
		v    any
	}{{"boolean", int64(2)}, {"bigint", "doce"}, {"integer", 1.5}, {"timestamp with time zone", "ayer"},
		{"date", "20/11/2026"}, {"bytea", int64(1)}} {
		if got, err := valorPara(c.tipo, c.v); err == nil {
			t.Errorf("%s %#v: aceptado como %#v", c.tipo, c.v, got)
		}
	}
}

func TestSeSumanLasColumnasDeImportesYPuntos(t *testing.T) {
	for _, c := range []struct {
		columna columnaPlan
		suma    bool
	}{
		{columnaPlan{nombre: "monto_apertura", tipo: "bigint"}, true},
		{columnaPlan{nombre: "precio", tipo: "bigint"}, true},
		{columnaPlan{nombre: "venta_grande_centavos", tipo: "bigint"}, true},
		{columnaPlan{nombre: "puntos", tipo: "integer"}, true},
		{columnaPlan{nombre: "restante", tipo: "bigint"}, true},
		{columnaPlan{nombre: "precio_id", tipo: "bigint"}, false},
		{columnaPlan{nombre: "montos", tipo: "bigint"}, false},
		{columnaPlan{nombre: "capacidad", tipo: "bigint"}, false},
		{columnaPlan{nombre: "total", tipo: "text"}, false},
	} {
		if esSumable(c.columna) != c.suma {
			t.Errorf("%+v: suma = %v", c.columna, !c.suma)
		}
	}
}

// mismoValor compares two converted values: instants by the moment they name.
func mismoValor(a, b any) bool {
	if ta, ok := a.(time.Time); ok {
		tb, ok := b.(time.Time)
		return ok && ta.Equal(tb)
	}
	return fmt.Sprintf("%#v", a) == fmt.Sprintf("%#v", b)
}
