package api

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"muelle/internal/domain"
	"muelle/internal/export"
	"muelle/internal/store"
)

// The manifest of a departure (docs/features/manifiesto.md).

// Manifiesto is a departure's manifest: its heading, the passengers boarded
// into it with their leg, boarding time and crew member, the totals by trip
// type, and, once the departure sailed, that it is frozen and its corrections.
type Manifiesto store.Manifiesto

func (s *Server) manifiesto(r *http.Request) (Manifiesto, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return Manifiesto{}, err
	}
	m, err := s.Store.Manifiesto(r.Context(), actorFrom(r).EmpresaID(), id)
	return Manifiesto(m), err
}

// ConsultaExportarManifiesto is the query of a manifest's download.
type ConsultaExportarManifiesto struct {
	Formato string `query:"formato" enum:"csv,xlsx,pdf" default:"csv" description:"csv (por defecto), xlsx (Excel) o pdf (el rol de pasajeros, A4, para imprimir y firmar)"`
}

// columnasManifiesto are the columns of the manifest's CSV and PDF.
var columnasManifiesto = []string{"N° Pasaje", "Pasajero", "Documento", "Nacionalidad", "Nacimiento / edad", "Sexo",
	"Tipo de Viaje", "Tramo", "Embarque", "Tripulante", "Observación"}

// tituloManifiesto is the title of the manifest's files: the legal
// passenger list its departure's patrón signs.
const tituloManifiesto = "Rol de pasajeros"

// exportarManifiesto answers a departure's manifest as a CSV or an A4 PDF
// (its heading: the departure, the boat, who sailed it and the totals by
// trip type), named manifiesto-{fecha}-{hhmm}-salida-{id}.{ext}.
func (s *Server) exportarManifiesto(r *http.Request, c ConsultaExportarManifiesto) (archivo, error) {
	m, err := s.manifiesto(r)
	if err != nil {
		return archivo{}, err
	}
	e, loc, err := s.zonaDe(r)
	if err != nil {
		return archivo{}, err
	}
	h := m.Encabezado
	momento := func(t time.Time) string { return t.In(loc).Format("02/01/2006 15:04") }
	filas := func(enc export.Encoder) error {
		fila := make([]export.Cell, 0, len(columnasManifiesto))
		for _, f := range m.Filas {
			doc, embarque, tripulante, obs := "", "", "", ""
			if f.Documento != nil {
				doc = *f.Documento
			}
			if f.FechaEmbarque != nil {
				embarque = momento(*f.FechaEmbarque)
			}
			if f.Tripulante != nil {
				tripulante = *f.Tripulante
			}
			if k := f.Correccion; k != nil {
				obs = fmt.Sprintf("Corrección: %s (%s, %s)", k.Motivo, k.Usuario, momento(k.Fecha))
			}
			fila = append(fila[:0], export.Text(f.NumeroPasaje), export.Text(f.Pasajero), export.Text(doc),
				export.Text(texto(f.Nacionalidad)), export.Text(nacimientoOEdad(f)), export.Text(texto(f.Sexo)),
				export.Text(f.TipoViaje), export.Text(f.TramoEtiqueta), export.Text(embarque), export.Text(tripulante),
				export.Text(obs))
			if err := enc.Encode(fila); err != nil {
				return err
			}
		}
		return nil
	}
	t := export.Table{Title: tituloManifiesto, Columns: columnasManifiesto}
	nombre := fmt.Sprintf("manifiesto-%s-%s-salida-%d.", h.Fecha, h.Hora[:2]+h.Hora[3:], h.SalidaID)
	switch c.Formato {
	case FormatoXLSX:
		return exportar(mediaXLSX, nombre+FormatoXLSX, func(w io.Writer) export.Encoder { return export.NewXLSXEncoder(w, t) },
			filas), nil
	case FormatoPDF:
	default:
		return exportarCSV(nombre+FormatoCSV, t, filas), nil
	}
	barco := "Sin embarcación"
	if h.Embarcacion != nil {
		barco = *h.Embarcacion
		if h.Matricula != nil {
			barco += " (matrícula " + *h.Matricula + ")"
		}
	}
	hechos := []export.Fact{
		{Label: "Salida", Value: fmt.Sprintf("%s, %s %s (%s)", h.Seccion, domain.FechaAR(h.Fecha), h.Hora, domain.NombreTramo(h.Sentido))},
		{Label: "Embarcación", Value: barco},
		{Label: "Capacidad habilitada", Value: strconv.FormatInt(h.Capacidad, 10) + " pasajeros"},
	}
	if h.VencimientoCertificado != nil {
		hechos = append(hechos, export.Fact{Label: "Certificado de la embarcación", Value: "Vigente hasta " +
			domain.FechaAR(*h.VencimientoCertificado)})
	}
	hechos = append(hechos, hechosTripulacion(m.Tripulacion)...)
	hechos = append(hechos, export.Fact{Label: "Estado", Value: domain.NombreEstadoSalida[h.Estado]})
	if h.Estado == domain.SalidaZarpo && h.EstadoPor != nil && h.EstadoEn != nil {
		hechos = append(hechos, export.Fact{Label: "Zarpó", Value: momento(*h.EstadoEn) + ", por " + *h.EstadoPor})
	}
	if m.Congelado && m.CongeladoEn != nil {
		hechos = append(hechos, export.Fact{Label: "Manifiesto", Value: "Congelado al zarpe, " + momento(*m.CongeladoEn)})
	} else {
		hechos = append(hechos, export.Fact{Label: "Manifiesto", Value: "En curso: cambia con cada embarque hasta el zarpe"})
	}
	hechos = append(hechos, export.Fact{Label: "Pasajeros a bordo", Value: strconv.FormatInt(m.Total, 10)})
	for _, x := range m.Totales {
		hechos = append(hechos, export.Fact{Label: x.TipoViaje, Value: strconv.FormatInt(x.Pasajeros, 10)})
	}
	for _, k := range m.Correcciones {
		accion := "agregó"
		if k.Accion == domain.CorreccionQuitar {
			accion = "quitó"
		}
		hechos = append(hechos, export.Fact{Label: "Corrección", Value: fmt.Sprintf("%s %s el pasaje %s (%s): %s, %s",
			k.Usuario, accion, k.NumeroPasaje, domain.NombreTramo(k.Tramo), k.Motivo, momento(k.Fecha))})
	}
	pdf := export.PDFHeading{Company: e.Nombre, Facts: hechos, Signatures: []string{"Firma del patrón"}}
	logo, ok, err := s.Store.LogoDeEmpresa(r.Context(), e.ID)
	if err != nil {
		return archivo{}, err
	}
	if ok && (logo.Tipo == "image/png" || logo.Tipo == "image/jpeg") {
		pdf.Logo, pdf.LogoPNG = logo.Datos, logo.Tipo == "image/png"
	}
	return exportar(mediaPDF, nombre+FormatoPDF, func(w io.Writer) export.Encoder { return export.NewPDFEncoder(w, t, pdf) },
		filas), nil
}

// texto is a field that may be missing, empty when it is.
func texto(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// nacimientoOEdad is how a row's age reads: the birth date (dd/mm/aaaa),
// else the age band.
func nacimientoOEdad(f store.FilaManifiesto) string {
	if f.FechaNacimiento != nil {
		return domain.FechaAR(*f.FechaNacimiento)
	}
	return texto(f.FranjaEdad)
}

// hechosTripulacion are the roster's lines of the rol's heading: the patrón
// first ('Sin designar' when none), then the rest by their function.
func hechosTripulacion(ts []store.TripulanteSalida) []export.Fact {
	patron := export.Fact{Label: domain.NombreFuncion[domain.FuncionPatron], Value: "Sin designar"}
	var resto []export.Fact
	for _, t := range ts {
		if t.Funcion == domain.FuncionPatron {
			patron.Value = t.Nombre
			continue
		}
		resto = append(resto, export.Fact{Label: t.FuncionEtiqueta, Value: t.Nombre})
	}
	return append([]export.Fact{patron}, resto...)
}

// CorregirManifiesto is the body of a correction of a frozen manifest: add or
// remove the leg (ida when not given) of the ticket numbered numero_pasaje.
type CorregirManifiesto struct {
	Accion       string `json:"accion" maxLength:"10" enum:"agregar,quitar"`
	NumeroPasaje string `json:"numero_pasaje" maxLength:"50"`
	Tramo        string `json:"tramo,omitempty" maxLength:"10" enum:"ida,vuelta"`
	Motivo       string `json:"motivo" maxLength:"500"`
}

func (s *Server) corregirManifiesto(r *http.Request, body CorregirManifiesto) (createdReply[Manifiesto], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return createdReply[Manifiesto]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return createdReply[Manifiesto]{}, err
	}
	m, err := s.Store.CorregirManifiesto(r.Context(), a, id, domain.CorreccionManifiesto{Accion: body.Accion,
		NumeroPasaje: body.NumeroPasaje, Tramo: body.Tramo, Motivo: body.Motivo})
	return created(Manifiesto(m), domain.MsgCorreccionRegistrada), err
}
