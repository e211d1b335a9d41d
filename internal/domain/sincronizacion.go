package domain

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Offline acts and their sync (docs/features/offline.md).

// CodigoOffline is what the code of a ticket sold offline carries. The code is
//
//	MUELLE2.<payload>.<firma>                (the short form, printed since issue 36 item 30)
//	MUELLE2.<payload>.<firma>.<certificado>  (the long form, printed before: still accepted)
//
// where <payload> is the base64url (no padding) of this JSON and <firma> the
// base64url Ed25519 signature, by the device's key, of "MUELLE2." + <payload>:
// both forms carry the same signature. The long form adds the device's whole
// MUELLEDISP1 certificate, so whoever holds the company's public key checks it
// offline even for a device it never saw; the short form names the device by
// its code (the payload's d) and its certificate is the company's register's
// (CertificadoDe): the server's dispositivos table, a validator's cache.
type CodigoOffline struct {
	EmpresaID    int64  `json:"e"`
	NumeroPasaje string `json:"n"`
	FechaViaje   string `json:"f"`
	Dispositivo  string `json:"d"`
	SeccionID    int64  `json:"s"`
	TipoViajeID  int64  `json:"t"`
	Precio       int64  `json:"p"` // in centavos
	Nonce        string `json:"r"`
}

const prefijoOffline = "MUELLE2."

// Bounds of a sync call.
const (
	// MaxAccionesPorLote bounds the actions of one sync call.
	MaxAccionesPorLote = 100
	// MaxPasajesOffline bounds the tickets of one offline sale (one per entry).
	MaxPasajesOffline = 50
	// MaxCodigoOffline bounds a ticket's code as sent (payload, signature and, in the long form, certificate).
	MaxCodigoOffline = 1200
	// DesfaseVisible is the clock offset over which the device is told and the act marked.
	DesfaseVisible = 2 * time.Minute
)

// Kinds of offline action, results and conflicts.
const (
	AccionVenta    = "venta"
	AccionEmbarque = "embarque"

	AccionAplicada  = "aplicada"
	AccionDuplicada = "duplicada"
	AccionRechazada = "rechazada"

	ConflictoEmbarqueDuplicado = "embarque_duplicado"
	ConflictoEmbarqueRechazado = "embarque_rechazado"
	ConflictoVentaRechazada    = "venta_rechazada"
	// ConflictoEmbarqueSinLugar: an offline boarding into a departure that
	// could not take its seat at the sync; it stays applied without a departure.
	ConflictoEmbarqueSinLugar = "embarque_sin_lugar"
	// ConflictoAccionObservada: an act applied with a mark the supervisor
	// must see (MarcasObservadas).
	ConflictoAccionObservada = "accion_observada"
)

// Marks an applied act carries for the supervisor.
const (
	MarcaPrecioDesactualizado = "precio_desactualizado"
	MarcaCajaCerrada          = "caja_cerrada"
	MarcaDispositivoRevocado  = "dispositivo_revocado"
	// MarcaRelojDesfasado: the act's time, corrected by the measured offset,
	// fell outside when it can have happened and was moved (AcotarMomento).
	MarcaRelojDesfasado = "reloj_desfasado"
	// MarcaSobreventa: the sale went past its day's seats (it goes in all
	// the same: it was sold and printed already).
	MarcaSobreventa = "sobreventa"
	// MarcaSinNombres: the sale's section requires a named passenger per
	// ticket and some ticket names nobody (it goes in all the same: it was
	// sold and printed already; docs/features/pasajeros.md).
	MarcaSinNombres = "sin_nombres"
)

// etiquetasMarcas are the marks as the supervisor reads them.
var etiquetasMarcas = map[string]string{
	MarcaPrecioDesactualizado: "Precio desactualizado",
	MarcaCajaCerrada:          "Caja cerrada",
	MarcaDispositivoRevocado:  "Dispositivo revocado",
	MarcaRelojDesfasado:       "Reloj del dispositivo desfasado",
	MarcaSobreventa:           "Sobreventa",
	MarcaSinNombres:           "Pasajeros sin nombre en una sección que los exige",
}

// MarcasObservadas are the marks that put an applied act on the conflicts
// list (sobreventa has its own alert).
var MarcasObservadas = []string{MarcaPrecioDesactualizado, MarcaCajaCerrada, MarcaDispositivoRevocado, MarcaRelojDesfasado,
	MarcaSinNombres}

// EtiquetasMarcas are marks as the supervisor reads them, in their order.
func EtiquetasMarcas(marcas []string) []string {
	out := make([]string, 0, len(marcas))
	for _, m := range marcas {
		if e, ok := etiquetasMarcas[m]; ok {
			out = append(out, e)
		} else {
			out = append(out, m)
		}
	}
	return out
}

// MsgAccionObservada is the conflict of an act applied with marks.
func MsgAccionObservada(marcas []string) string {
	return "Sincronizada con observaciones: " + strings.Join(EtiquetasMarcas(marcas), ", ")
}

// MsgSyncYaEmbarcado is what the second phone of a double boarding is told
// (MsgSyncEmbarqueDuplicado stays the conflict's detail for the supervisors);
// MsgSyncYaEmbarcadoPor names the crew member who boarded the ticket first.
const (
	MsgSyncYaEmbarcado    = "Ya embarcado en otro teléfono — aviso enviado al supervisor"
	MsgSyncYaEmbarcadoPor = "Ya embarcado por %s (otro teléfono) — aviso enviado al supervisor"
)

// Messages of the sync.
const (
	MsgSyncAplicada             = "Sincronizada"
	MsgSyncOtroContenido        = "Esta acción ya se recibió con otro contenido"
	MsgSyncCodigoOffline        = "Un pasaje de la venta no tiene un código válido de este dispositivo"
	MsgSyncNumeroOffline        = "Un pasaje de la venta no tiene un número de este dispositivo"
	MsgSyncNumeroRepetido       = "Un número de pasaje de la venta ya existe"
	MsgSyncPasajesOffline       = "Una venta sin conexión lleva entre 1 y 50 pasajes"
	MsgSyncSinCaja              = "La caja de la venta se cerró y el vendedor no tiene otra abierta: la venta queda para revisar en el cierre"
	MsgSyncPrecioDesactualizado = "Un pasaje de la venta tiene un precio que la tabla no tenía desde la última sincronización del dispositivo: la venta queda para revisar en el cierre"
	MsgSyncCajaPendiente        = "La caja de la venta ya se contó y su cierre espera la aprobación de un supervisor: la venta queda para revisar en el cierre"
	MsgSyncCajaAjena            = "La caja de la venta no es del vendedor"
	MsgSyncVentaDeOtro          = "La venta es de la caja de otro usuario: se sincronizará cuando ese usuario inicie sesión en este dispositivo"
	MsgSyncRevocado             = "El dispositivo está revocado: la acción queda como conflicto para que la revise un supervisor"
	MsgSyncSesionRevocada       = "Este dispositivo fue revocado: la sesión terminó. Sus acciones quedaron para que las revise un supervisor; inicie sesión nuevamente."
	MsgSyncFechaViaje           = "La fecha de viaje está fuera del plazo de venta del día en que se vendió"
	MsgSyncPasajeAunNo          = "El pasaje todavía no llegó al servidor desde el dispositivo que lo vendió: se reintentará"
	MsgSyncPasajeCancelado      = "El pasaje estaba cancelado: el embarque queda como conflicto para el supervisor"
	MsgSyncEmbarqueDuplicado    = "El pasaje ya había embarcado en otro dispositivo: el embarque queda como conflicto para el supervisor"
	MsgSyncEmbarqueAnterior     = "El pasaje ya figuraba embarcado por otro escaneo, posterior a este: los dos quedan registrados para el supervisor y el embarque no cambia"
	MsgSyncSinPermisoVenta      = "No tiene permisos para vender pasajes"
	MsgSyncSinPermisoEmbarque   = "No tiene permisos para validar embarques"
	MsgSyncAccionesLote         = "Un lote lleva entre 1 y 100 acciones"
	MsgSyncTipoAccion           = "El tipo de acción debe ser venta o embarque"
	MsgSyncIDAccion             = "Cada acción lleva un id único (UUID)"
	MsgSyncAccionSinDatos       = "Cada acción lleva los datos de su tipo"
	MsgSyncOcurridoEn           = "La hora de la acción no es válida"
	MsgSyncReloj                = "La hora del dispositivo no es válida"
	MsgSyncSalidaEmbarque       = "La salida del embarque debe ser un número mayor que cero"
	MsgSyncTramo                = "El tramo del embarque debe ser ida o vuelta"
	MsgConflictoNoEncontrado    = "Conflicto no encontrado"
	MsgConflictoResuelto        = "Conflicto marcado como resuelto"
	MsgPasajerosNombrados       = "Pasajeros guardados exitosamente"
	MsgPasajerosANombrar        = "Nombre entre 1 y %d pasajeros"
	// MsgConflictoSinNombresFaltantes refuses naming passengers from a conflict
	// that is not an offline sale short of the names its section requires.
	MsgConflictoSinNombresFaltantes = "Este conflicto no es una venta con pasajeros sin nombre"
	TituloConflictoOffline          = "Conflicto al sincronizar"
)

// Why an offline boarding took no seat in the departure it was scanned into
// (besides a full boat: MsgEmbarcacionCompleta).
const (
	MotivoSalidaInexistente = "La salida del embarque no existe"
	MotivoSalidaZarpo       = "La salida ya había zarpado al sincronizar y su manifiesto está cerrado"
	MotivoSalidaCancelada   = "La salida estaba cancelada"
	MotivoSalidaSinBarco    = "La salida no tenía embarcación asignada"
	MotivoSalidaOtraSeccion = "El pasaje es de otra sección que la salida"
	MotivoSalidaOtroSentido = "El tramo que embarcó el pasaje no es el sentido de la salida"
)

// MsgEmbarqueSinLugar is an offline boarding that did not take its seat in
// the departure at hora (empty: a departure the company does not have), for
// why (a Motivo… sentence): the passenger boarded, without a departure.
func MsgEmbarqueSinLugar(porque, hora string) string {
	if hora == "" {
		return porque + ". El pasajero embarcó sin conexión y no figura en ninguna salida: muévalo a la salida en que viajó"
	}
	return fmt.Sprintf("%s. El pasajero embarcó sin conexión y no figura en la salida de las %s: "+
		"muévalo a otra salida o corrija el manifiesto", porque, hora)
}

// ErrCodigoOffline is any malformed or wrongly signed offline code.
var ErrCodigoOffline = errors.New("código de pasaje sin conexión inválido")

// FirmarCodigoOffline builds an offline ticket's code: c with a fresh random
// part, signed with the device's key priv; followed by certificado, the
// device's certificate, when one is given (the long form), else short.
func FirmarCodigoOffline(priv ed25519.PrivateKey, certificado string, c CodigoOffline) (string, error) {
	nonce := make([]byte, 16)
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	c.Nonce = hex.EncodeToString(nonce)
	firmado, err := firmarCarga(priv, prefijoOffline, c)
	if certificado == "" {
		return firmado, err
	}
	return firmado + "." + certificado, err
}

// EsCodigoOffline reports whether a code is of the offline family (MUELLE2).
func EsCodigoOffline(codigo string) bool {
	return strings.HasPrefix(strings.TrimSpace(codigo), prefijoOffline)
}

// CertificadoDe finds the certificate of the company's device of code
// codigo, for a short offline code: ok is false when the company's register
// has no such device usable at the act (unknown, another company's, revoked).
// The server reads its dispositivos table; a crew phone offline, its cache.
type CertificadoDe func(codigo string) (certificado string, ok bool)

// ErrDispositivoDesconocido refuses a short offline code whose device the
// company's register does not hold (unknown, revoked by the act's moment):
// refused as a bad certificate is.
var ErrDispositivoDesconocido = errors.New("el dispositivo del código no está registrado en la empresa")

// VerificarCodigoOffline checks an offline ticket's code for the company
// empresaID whose public key is pub, at the moment of the act: the
// certificate (carried by a long code, found by certificadoDe for a short
// one: nil finds none) is the company's and valid then, and the ticket is
// signed by the certified device. It answers the code's content and the
// certificate's.
func VerificarCodigoOffline(pub ed25519.PublicKey, empresaID int64, codigo string, momento time.Time,
	certificadoDe CertificadoDe) (CodigoOffline, CertificadoDispositivo, error) {
	c, partes, err := LeerCodigoOffline(codigo)
	if err != nil {
		return c, CertificadoDispositivo{}, err
	}
	var certificado string
	if len(partes) == 3 {
		certificado = partes[2]
	} else {
		if c.EmpresaID != empresaID {
			return c, CertificadoDispositivo{}, ErrCodigoOffline
		}
		ok := false
		if len(c.Dispositivo) == LargoCodigoDispositivo && certificadoDe != nil {
			certificado, ok = certificadoDe(c.Dispositivo)
		}
		if !ok {
			return c, CertificadoDispositivo{}, ErrDispositivoDesconocido
		}
	}
	cert, err := VerificarCertificado(pub, empresaID, certificado, momento)
	if err != nil {
		return c, cert, err
	}
	clave, _ := ClaveDispositivo(cert.Clave) // checked by VerificarCertificado
	if !firmaValida(clave, prefijoOffline+partes[0]+"."+partes[1]) || c.EmpresaID != empresaID || c.Dispositivo != cert.Codigo {
		return c, cert, ErrCodigoOffline
	}
	return c, cert, nil
}

// LeerCodigoOffline parses an offline code without checking it: its content
// and its parts (payload, signature and, in the long form, certificate).
func LeerCodigoOffline(codigo string) (CodigoOffline, []string, error) {
	var c CodigoOffline
	rest, ok := strings.CutPrefix(strings.TrimSpace(codigo), prefijoOffline)
	partes := strings.SplitN(rest, ".", 3)
	if !ok || len(partes) < 2 || partes[1] == "" {
		return c, nil, ErrCodigoOffline
	}
	raw, err := b64.DecodeString(partes[0])
	if err != nil || json.Unmarshal(raw, &c) != nil || c.EmpresaID <= 0 || c.NumeroPasaje == "" {
		return c, nil, ErrCodigoOffline
	}
	return c, partes, nil
}

var numeroOffline = regexp.MustCompile(`^(.+)-([0-9A-Z]{4})-(\d{8})-(\d{1,9})$`)

// NumeroOfflineValido reports whether numero is of the offline series of the
// device codigo in a company of ticket prefix prefijo:
// {prefijo}-{código}-{AAAAMMDD}-{n}.
func NumeroOfflineValido(numero, prefijo, codigo string) bool {
	m := numeroOffline.FindStringSubmatch(numero)
	return m != nil && m[1] == prefijo && m[2] == codigo
}

// Desfase is a device's clock minus the server's, from the device's clock
// reloj (ms since the epoch) sent when the server's clock read ahora.
func Desfase(reloj int64, ahora time.Time) time.Duration {
	return time.UnixMilli(reloj).Sub(ahora)
}

// MomentoOffline is when an offline act counts: the device's time of the act
// corrected by the measured offset, within [desde, recibido] (AcotarMomento).
func MomentoOffline(ocurridoEn int64, desfase time.Duration, desde, recibido time.Time) (time.Time, bool) {
	return AcotarMomento(time.UnixMilli(ocurridoEn).Add(-desfase), desde, recibido)
}

// SincronizacionPrevia is a device's last sync before a call: when the
// server received it (Recibida) and the device's clock then (Reloj, ms).
type SincronizacionPrevia struct {
	Recibida time.Time
	Reloj    int64
}

// CotaInferior is the earliest an act done at ocurridoEn (the device's clock,
// ms) can have happened: the device's registration, or its previous sync
// when the device's own clock puts the act after that sync (an act queued
// before it but sent later, a second batch or a retry, is not bound by it).
func CotaInferior(ocurridoEn int64, registro time.Time, previa *SincronizacionPrevia) time.Time {
	if previa != nil && ocurridoEn > previa.Reloj && previa.Recibida.After(registro) {
		return previa.Recibida
	}
	return registro
}

// AcotarMomento keeps an act's moment within when it can have happened: not
// before desde, never after recibido. movido reports a correction past
// DesfaseVisible (the device's clock changed between the act and its sync,
// or lies): the act is marked MarcaRelojDesfasado for the supervisor.
func AcotarMomento(momento, desde, recibido time.Time) (t time.Time, movido bool) {
	t = momento
	if t.Before(desde) {
		t = desde
	}
	if t.After(recibido) {
		t = recibido
	}
	return t.UTC(), RelojDesfasado(t.Sub(momento))
}

// RelojDesfasado reports whether an offset is large enough to show and mark.
func RelojDesfasado(desfase time.Duration) bool {
	return desfase > DesfaseVisible || desfase < -DesfaseVisible
}
