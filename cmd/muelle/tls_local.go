package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"muelle/internal/certificados"
)

// tlsCmd is `muelle tls local`: a CA of the installation's own and a server
// certificate it signs, for a terminal reached by a name without a public
// domain (muelle.lan, 192.168.0.10).
func tlsCmd(args []string, out io.Writer) error {
	const uso = "uso: muelle tls local --nombres muelle.lan,192.168.0.10 [--destino CARPETA]"
	if len(args) == 0 || args[0] != "local" {
		return errors.New(uso)
	}
	fs := flag.NewFlagSet("tls local", flag.ContinueOnError)
	nombres := fs.String("nombres", "", "nombres y direcciones IP del servidor, separados por comas")
	destino := fs.String("destino", "data/tls", "carpeta donde se escriben la CA y el certificado")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	var lista []string
	for _, n := range strings.Split(*nombres, ",") {
		if n = strings.TrimSpace(n); n != "" {
			lista = append(lista, n)
		}
	}
	if len(lista) == 0 {
		return errors.New(uso)
	}
	l, err := certificados.CrearLocal(*destino, lista, time.Now())
	if err != nil {
		return err
	}
	instruccionesCALocal(out, l)
	return nil
}

// instruccionesCALocal tells the operator what was written and how to make
// each kind of device trust the CA.
func instruccionesCALocal(out io.Writer, l certificados.Local) {
	estado := "creada"
	if !l.CANueva {
		estado = "reutilizada (los dispositivos que ya la instalaron la siguen aceptando)"
	}
	fmt.Fprintf(out, `CA local %s: %s
Huella SHA-256 de la CA (compruébela en cada dispositivo):
  %s

Certificado del servidor para %s (vence el %s). Sirva Muelle con:
  MUELLE_TLS_CERT=%s
  MUELLE_TLS_KEY=%s
El servidor lo recarga solo cuando el archivo cambia.

Instale la CA (el archivo %s, no la clave) una sola vez en cada dispositivo:
  Android: copie el archivo al teléfono; Ajustes > Seguridad > Más ajustes de seguridad >
    Encriptación y credenciales > Instalar un certificado > Certificado de CA.
  Windows: doble clic en el archivo > Instalar certificado > Equipo local > Colocar todos los
    certificados en el siguiente almacén > Entidades de certificación raíz de confianza.
  iOS / iPadOS: envíe el archivo por AirDrop o correo y ábralo; Ajustes > General > VPN y gestión
    de dispositivos > instale el perfil; luego Ajustes > General > Información > Ajustes de
    confianza de certificados > active la CA de Muelle.
Guarde %s en un lugar seguro: con ella se firman certificados que esos dispositivos aceptan.
`, estado, l.CA, l.Huella, strings.Join(l.Nombres, ", "), l.VenceServidor.Format("02/01/2006"), l.Cert, l.Clave,
		l.CA, strings.TrimSuffix(l.CA, ".crt")+".key")
}
