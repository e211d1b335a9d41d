package auth

import (
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
