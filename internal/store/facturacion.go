package store

import (
	"context"
	"database/sql"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Electronic invoicing with ARCA (docs/features/facturacion.md): a company's
// tax profile, its certificate (sealed in credenciales_servicios as
// ServicioARCA) and each section's tax treatment.

// ServicioARCA names ARCA's credentials (the certificate and its key, in the
// encoding internal/arca gives them) in credenciales_servicios.
const ServicioARCA = "arca"

// TablaFacturacion is the table named by the configActualizada of a tax profile.
const TablaFacturacion = "empresa_facturacion"

// Audit actions of the tax profile.
const (
	AccionPerfilFiscal      = "PERFIL_FISCAL"
	AccionTratamientoIVA    = "TRATAMIENTO_IVA"
	AccionCertificadoFiscal = "CERTIFICADO_FISCAL"
)

// CertificadoFiscal is what may be shown of a company's ARCA certificate.
type CertificadoFiscal struct {
	CN    string    `json:"cn"`
	Vence time.Time `json:"vence"`
}

// PerfilFacturacion is a company's tax profile with what is known of its
// certificate (nil when none was uploaded).
type PerfilFacturacion struct {
	domain.PerfilFiscal
	Certificado *CertificadoFiscal
}

// PerfilFacturacion reads the company's tax profile; found is false when it
// has none.
func (s *Store) PerfilFacturacion(ctx context.Context, empresaID int64) (p PerfilFacturacion, found bool, err error) {
	return perfilFacturacion(ctx, s.db.Conn(), empresaID)
}

func perfilFacturacion(ctx context.Context, c sqldb.Conn, empresaID int64) (p PerfilFacturacion, found bool, err error) {
	var (
		cn    sql.NullString
		vence sql.NullTime
	)
	err = c.QueryRow(ctx, `SELECT cuit, condicion_iva, punto_venta_cae, punto_venta_caea, entorno, certificado_cn,
		certificado_vence FROM empresa_facturacion WHERE empresa_id = ?`, empresaID).Scan(&p.CUIT, &p.CondicionIVA,
		&p.PuntoVentaCAE, &p.PuntoVentaCAEA, &p.Entorno, &cn, &vence)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return p, false, wrap("leer perfil fiscal", err)
	}
	if cn.Valid && vence.Valid {
		p.Certificado = &CertificadoFiscal{CN: cn.String, Vence: vence.Time.UTC()}
	}
	return p, true, nil
}

// GuardarPerfilFacturacion creates or replaces the company's tax profile
// (checked by domain.PerfilFiscal.Normalizar), keeping its certificate;
// audits PERFIL_FISCAL with before and after and emits configActualizada.
// An unknown company is 404.
func (s *Store) GuardarPerfilFacturacion(ctx context.Context, a Actor, empresaID int64, p domain.PerfilFiscal) (PerfilFacturacion, error) {
	p, err := p.Normalizar()
	if err != nil {
		return PerfilFacturacion{}, err
	}
	return idempotent(ctx, s, a, "facturacion.perfil", func(c sqldb.Conn) (PerfilFacturacion, error) {
		if err := existeEmpresa(ctx, c, empresaID); err != nil {
			return PerfilFacturacion{}, err
		}
		antes, _, err := perfilFacturacion(ctx, c, empresaID)
		if err != nil {
			return antes, err
		}
		if _, err := c.Exec(ctx, `INSERT INTO empresa_facturacion (empresa_id, cuit, condicion_iva, punto_venta_cae,
			punto_venta_caea, entorno, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (empresa_id) DO UPDATE SET
			cuit = excluded.cuit, condicion_iva = excluded.condicion_iva, punto_venta_cae = excluded.punto_venta_cae,
			punto_venta_caea = excluded.punto_venta_caea, entorno = excluded.entorno, updated_at = excluded.updated_at`,
			empresaID, p.CUIT, p.CondicionIVA, p.PuntoVentaCAE, p.PuntoVentaCAEA, p.Entorno, c.Now()); err != nil {
			return antes, wrap("guardar perfil fiscal", err)
		}
		despues := PerfilFacturacion{PerfilFiscal: p, Certificado: antes.Certificado}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: empresaID, Datos: EventoConfig{Tabla: TablaFacturacion}})
		return despues, s.auditarCambio(ctx, c, enEmpresa(a, empresaID), AccionPerfilFiscal, antes, despues)
	})
}

// GuardarCertificadoFacturacion stores the company's ARCA certificate and
// key (datos, sealed as its ServicioARCA credentials) and what may be shown
// of it, in one transaction that audits CERTIFICADO_FISCAL (without the
// secrets) and emits configActualizada; a new expiry is warned of anew. A
// company without a tax profile is 409 MsgFacturacionSinPerfil.
func (s *Store) GuardarCertificadoFacturacion(ctx context.Context, a Actor, empresaID int64, cert CertificadoFiscal,
	datos []byte) (PerfilFacturacion, error) {
	sellado, err := s.sellarCredenciales(empresaID, ServicioARCA, datos)
	if err != nil {
		return PerfilFacturacion{}, err
	}
	return idempotent(ctx, s, a, "facturacion.certificado", func(c sqldb.Conn) (PerfilFacturacion, error) {
		if err := existeEmpresa(ctx, c, empresaID); err != nil {
			return PerfilFacturacion{}, err
		}
		antes, found, err := perfilFacturacion(ctx, c, empresaID)
		if err != nil || !found {
			return antes, firstErr(err, domain.Conflict(domain.MsgFacturacionSinPerfil))
		}
		if err := escribirCredenciales(ctx, c, empresaID, ServicioARCA, sellado); err != nil {
			return antes, err
		}
		if _, err := c.Exec(ctx, `UPDATE empresa_facturacion SET certificado_cn = ?, certificado_vence = ?, updated_at = ?
			WHERE empresa_id = ?`, cert.CN, cert.Vence.UTC(), c.Now(), empresaID); err != nil {
			return antes, wrap("guardar certificado de ARCA", err)
		}
		despues := antes
		despues.Certificado = &cert
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: empresaID, Datos: EventoConfig{Tabla: TablaFacturacion}})
		return despues, s.auditarCambio(ctx, c, enEmpresa(a, empresaID), AccionCertificadoFiscal, antes.Certificado, &cert)
	})
}

// SeccionFiscal is a section with its tax treatment.
type SeccionFiscal struct {
	ID          int64
	Nombre      string
	Tratamiento string
}

// SeccionesFiscales lists the company's sections with their tax treatment, by name.
func (s *Store) SeccionesFiscales(ctx context.Context, empresaID int64) ([]SeccionFiscal, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (f SeccionFiscal, err error) {
		err = sc.Scan(&f.ID, &f.Nombre, &f.Tratamiento)
		return f, err
	}, `SELECT id, nombre, tratamiento_iva FROM secciones WHERE empresa_id = ? ORDER BY nombre, id`, empresaID)
	return out, wrap("leer tratamientos impositivos", err)
}

// GuardarTratamientoIVA sets the tax treatment of the caller's company's
// section (domain.TratamientosIVA), audits TRATAMIENTO_IVA with before and
// after and emits configActualizada; another company's section is 404.
func (s *Store) GuardarTratamientoIVA(ctx context.Context, a Actor, seccionID int64, tratamiento string) (SeccionFiscal, error) {
	if err := domain.ValidarTratamientoIVA(tratamiento); err != nil {
		return SeccionFiscal{}, err
	}
	return idempotent(ctx, s, a, "facturacion.tratamiento", func(c sqldb.Conn) (SeccionFiscal, error) {
		antes := SeccionFiscal{ID: seccionID}
		err := c.QueryRow(ctx, `SELECT nombre, tratamiento_iva FROM secciones WHERE empresa_id = ? AND id = ?`,
			a.EmpresaID, seccionID).Scan(&antes.Nombre, &antes.Tratamiento)
		if missing, err := sqldb.NoRows(err); err != nil || missing {
			return antes, firstErr(wrap("leer sección", err), domain.NotFound(domain.CatSecciones.Mensajes.NoEncontrado))
		}
		if _, err := c.Exec(ctx, `UPDATE secciones SET tratamiento_iva = ? WHERE empresa_id = ? AND id = ?`,
			tratamiento, a.EmpresaID, seccionID); err != nil {
			return antes, wrap("guardar tratamiento impositivo", err)
		}
		despues := antes
		despues.Tratamiento = tratamiento
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "secciones"}})
		return despues, s.auditarCambio(ctx, c, a, AccionTratamientoIVA, antes, despues)
	})
}

// certificadoFiscalPorAvisar is a company's ARCA certificate still to be warned about.
type certificadoFiscalPorAvisar struct {
	empresaID int64
	cn, zona  string
	vence     time.Time
}

// AvisarCertificadosFiscales warns each active company's admins, by a
// notification, when its ARCA certificate expires within
// domain.DiasAvisoCertificado days of the company's day (or has expired):
// once per certificate expiry, claimed by a conditional UPDATE of
// aviso_vencimiento in the transaction that writes the notifications, as
// AvisarCertificados does for the boats. It answers how many it warned of.
func (s *Store) AvisarCertificadosFiscales(ctx context.Context) (int, error) {
	now := s.Now()
	pendientes, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (p certificadoFiscalPorAvisar, err error) {
		err = sc.Scan(&p.empresaID, &p.cn, &p.vence, &p.zona)
		return p, err
	}, `SELECT f.empresa_id, f.certificado_cn, f.certificado_vence, e.timezone
		FROM empresa_facturacion f JOIN empresas e ON e.id = f.empresa_id
		WHERE e.activa = ? AND f.certificado_vence <= ?
		AND (f.aviso_vencimiento IS NULL OR f.aviso_vencimiento <> f.certificado_vence)
		ORDER BY f.empresa_id`, true, now.AddDate(0, 0, domain.DiasAvisoCertificado+2).UTC())
	if err != nil {
		return 0, wrap("leer certificados de ARCA por vencer", err)
	}
	avisados := 0
	for _, p := range pendientes {
		hoy := domain.DiaDe(now, domain.Location(p.zona)).Fecha
		vence := domain.DiaVencimientoCertificado(p.vence, p.zona)
		if hoy < domain.AvisoCertificadoDesde(vence) {
			continue
		}
		admins, err := s.usuariosConRoles(ctx, p.empresaID, []string{domain.RolAdmin})
		if err != nil {
			return avisados, err
		}
		ok, err := s.avisarCertificadoFiscal(ctx, p, vence, hoy, admins)
		if err != nil {
			return avisados, err
		}
		if ok {
			avisados++
		}
	}
	return avisados, nil
}

// avisarCertificadoFiscal claims one company's warning and notifies its admins in one transaction.
func (s *Store) avisarCertificadoFiscal(ctx context.Context, p certificadoFiscalPorAvisar, vence, hoy string, admins []int64) (bool, error) {
	avisado := false
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		res, err := c.Exec(ctx, `UPDATE empresa_facturacion SET aviso_vencimiento = certificado_vence
			WHERE empresa_id = ? AND certificado_vence = ?
			AND (aviso_vencimiento IS NULL OR aviso_vencimiento <> certificado_vence)`, p.empresaID, p.vence)
		if err != nil {
			return wrap("marcar aviso de certificado de ARCA", err)
		}
		if n, _ := res.RowsAffected(); n == 0 || len(admins) == 0 {
			avisado = n > 0
			return nil
		}
		avisado = true
		ns := make([]NuevaNotificacion, 0, len(admins))
		for _, u := range admins {
			ns = append(ns, NuevaNotificacion{EmpresaID: p.empresaID, UsuarioID: u, Tipo: domain.NotifAlerta,
				Titulo: domain.TituloCertificadoFiscal, Mensaje: domain.MensajeCertificadoFiscalPorVencer(p.cn, vence, hoy),
				Datos: events.AvisoCertificadoFiscal{VencimientoCertificadoFiscal: vence}})
		}
		return s.notificar(ctx, c, ns)
	})
	return avisado, err
}
