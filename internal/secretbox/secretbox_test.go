package secretbox

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSealedSecretsOpenOnlyWithTheirKeyAndContext(t *testing.T) {
	b, _ := New(NewKey())
	other, _ := New(NewKey())
	secret := []byte("clave privada de la empresa")
	sealed, err := b.Seal(secret, "empresa/1")
	if err != nil {
		t.Fatal(err)
	}
	if !IsSealed(sealed) || strings.Contains(sealed, "clave privada") {
		t.Fatalf("valor sellado %q", sealed)
	}
	again, _ := b.Seal(secret, "empresa/1")
	if again == sealed {
		t.Fatal("dos sellados del mismo secreto son iguales (nonce repetido)")
	}
	if got, err := b.Open(sealed, "empresa/1"); err != nil || !bytes.Equal(got, secret) {
		t.Fatalf("abrir: %q %v", got, err)
	}
	tampered := sealed[:len(sealed)-4] + "AAAA"
	for name, open := range map[string]func() ([]byte, error){
		"otra clave":    func() ([]byte, error) { return other.Open(sealed, "empresa/1") },
		"otra fila":     func() ([]byte, error) { return b.Open(sealed, "empresa/2") },
		"alterado":      func() ([]byte, error) { return b.Open(tampered, "empresa/1") },
		"texto plano":   func() ([]byte, error) { return b.Open("c2VjcmV0bw==", "empresa/1") },
		"base64 rotura": func() ([]byte, error) { return b.Open("v1:%%%", "empresa/1") },
	} {
		if _, err := open(); !errors.Is(err, ErrOpen) {
			t.Errorf("%s: se abrió (%v)", name, err)
		}
	}
}

func TestKeysMustBe32BytesOfBase64(t *testing.T) {
	for _, bad := range []string{"", "corta", EncodeKey(make([]byte, 31)), EncodeKey(make([]byte, 33))} {
		if _, err := ParseKey(bad); err == nil {
			t.Errorf("%q aceptada", bad)
		}
	}
	k := NewKey()
	if got, err := ParseKey(" " + EncodeKey(k) + "\n"); err != nil || !bytes.Equal(got, k) {
		t.Fatalf("%v %v", got, err)
	}
}

func TestTheKeyFileIsCreatedOnceWithMode0600(t *testing.T) {
	path := filepath.Join(t.TempDir(), "datos", "muelle.db.key")
	k1, err := LoadOrCreateKeyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(path)
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("permisos %v", st.Mode().Perm())
	}
	k2, err := LoadOrCreateKeyFile(path)
	if err != nil || !bytes.Equal(k1, k2) {
		t.Fatalf("la segunda carga cambió la clave: %v", err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadOrCreateKeyFile(path); err == nil {
		t.Fatal("aceptó un archivo de clave legible por otros")
	}
}

func TestAStagedKeyReplacesTheFileOnlyWhenInstalled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "muelle.db.key")
	old, _ := LoadOrCreateKeyFile(path)
	nueva := NewKey()
	install, err := StageKeyFile(path, nueva)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := ReadKeyFile(path); !bytes.Equal(got, old) {
		t.Fatal("la clave cambió antes de instalarla")
	}
	if got, _ := ReadKeyFile(path + ".nueva"); !bytes.Equal(got, nueva) {
		t.Fatal("la clave nueva no quedó escrita al lado")
	}
	if err := install(); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadKeyFile(path); err != nil || !bytes.Equal(got, nueva) {
		t.Fatalf("después de instalar: %v", err)
	}
}

func TestMaskKeepsTheLengthAndUndoesItselfOnlyWithItsKeyAndContext(t *testing.T) {
	b, _ := New(NewKey())
	other, _ := New(NewKey())
	secret := bytes.Repeat([]byte("clave privada de 32 bytes justos"), 3)[:70]
	masked := b.Mask(secret, "dispositivo/1")
	if len(masked) != len(secret) || bytes.Contains(masked, secret[:8]) {
		t.Fatalf("enmascarado %x", masked)
	}
	if got := b.Mask(masked, "dispositivo/1"); !bytes.Equal(got, secret) {
		t.Fatalf("desenmascarado %q", got)
	}
	if bytes.Equal(masked[:32], masked[32:64]) {
		t.Fatal("dos bloques usan la misma máscara")
	}
	for name, got := range map[string][]byte{
		"otra clave": other.Mask(masked, "dispositivo/1"),
		"otra fila":  b.Mask(masked, "dispositivo/2"),
	} {
		if bytes.Equal(got, secret) || bytes.Contains(got, secret[:8]) {
			t.Errorf("%s: desenmascaró", name)
		}
	}
}
