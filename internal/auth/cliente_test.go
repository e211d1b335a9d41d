package auth

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
	"time"
)

// A customer token and a staff token never pass for each other: each kind is
// signed with its own key, whatever its claims say.
func TestCustomerAndStaffTokensNeverPassForEachOther(t *testing.T) {
	tk, err := NewTokens([]byte(strings.Repeat("s", 32)), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	cliente, _, err := tk.EmitirCliente(ClaimsCliente{ClienteID: 7, EmpresaID: 1, SesionVersion: 1}, now)
	if err != nil {
		t.Fatal(err)
	}
	personal, _, err := tk.Issue(Claims{UserID: 7, EmpresaID: 1, Rol: "admin"}, now)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := tk.LeerCliente(cliente, now); err != nil || c.ClienteID != 7 || c.EmpresaID != 1 {
		t.Fatalf("token de cliente: %+v %v", c, err)
	}
	if _, err := tk.Parse(cliente, now); err == nil {
		t.Fatal("un token de cliente pasó como del personal")
	}
	if _, err := tk.LeerCliente(personal, now); err == nil {
		t.Fatal("un token del personal pasó como de cliente")
	}
	if _, err := tk.LeerCliente(cliente, now.Add(2*time.Hour)); err != ErrExpired {
		t.Fatalf("vencido: %v", err)
	}
	if CodigoNumerico(6) == CodigoNumerico(6) && CodigoNumerico(6) == CodigoNumerico(6) {
		t.Fatal("los códigos no son aleatorios")
	}
	if c := CodigoNumerico(6); len(c) != 6 || strings.Trim(c, "0123456789") != "" {
		t.Fatalf("código %q", c)
	}
}

// A code's stored hash is keyed by the installation's secret (issue 36 item
// 13): not the unkeyed SHA-256 of the customer and the code, another secret
// gives another hash, and the customer and the code both count.
func TestCustomerCodeHashIsKeyedByTheSecret(t *testing.T) {
	a, errA := NewTokens([]byte(strings.Repeat("a", 32)), time.Hour)
	b, errB := NewTokens([]byte(strings.Repeat("b", 32)), time.Hour)
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	h := a.HashCodigoCliente(7, "123456")
	sinClave := sha256.Sum256([]byte("cliente:7:123456"))
	switch {
	case h == hex.EncodeToString(sinClave[:]):
		t.Fatal("el hash no tiene clave")
	case h == b.HashCodigoCliente(7, "123456"):
		t.Fatal("otra instalación da el mismo hash")
	case h == a.HashCodigoCliente(8, "123456") || h == a.HashCodigoCliente(7, "123457"):
		t.Fatal("el hash no depende del cliente o del código")
	case h != a.HashCodigoCliente(7, " 123456 "):
		t.Fatal("los espacios alrededor del código cuentan")
	}
}
