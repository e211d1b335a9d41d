package store

import (
	"strings"
	"testing"
)

// Where the database is never carries its credentials.
func TestDestinoSinCredenciales(t *testing.T) {
	cases := []struct {
		url  string
		want Destino
	}{
		{"postgres://muelle:s3creto-largo@db.interna:6543/produccion?sslmode=require",
			Destino{Motor: "postgres", Host: "db.interna", Puerto: "6543", Nombre: "produccion"}},
		{"postgresql://muelle:s3creto-largo@10.0.0.5/muelle", Destino{Motor: "postgres", Host: "10.0.0.5", Puerto: "5432",
			Nombre: "muelle"}},
		{"sqlite:data/muelle.db", Destino{Motor: "sqlite", Host: "local", Nombre: "data/muelle.db"}},
	}
	for _, tc := range cases {
		got := destinoDe(tc.url)
		if got != tc.want {
			t.Errorf("%s: %+v, se esperaba %+v", tc.url, got, tc.want)
		}
		if strings.Contains(got.Host+got.Puerto+got.Nombre+got.Motor, "s3creto") {
			t.Errorf("%s: la contraseña aparece en %+v", tc.url, got)
		}
	}
}
