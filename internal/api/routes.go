package api

import "muelle/internal/domain"

// route is one entry of the route table: method, path, what it requires, handler.
type route struct {
	Method  string
	Path    string
	Access  domain.Acceso
	Handler handlerFunc
}

// routes is THE route table. Every API route is here with the access it needs;
// the guard enforces it and a test walks it for every role.
func (s *Server) routes() []route {
	public, session, perm := domain.Publico(), domain.ConSesion(), domain.ConPermiso
	table := []route{
		{"GET", "/api/health", public, s.health},
		{"GET", "/api/public/stats", public, s.publicStats},
		{"GET", "/api/public/empresa", public, s.publicEmpresa},

		{"POST", "/api/auth/login", public, s.login},
		{"POST", "/api/auth/logout", session, s.logout},
		{"GET", "/api/auth/me", session, s.me},

		{"GET", "/api/config/empresa", session, s.empresaActual},

		{"GET", "/api/config/precios", session, s.listarPrecios},
		{"GET", "/api/config/precios/{seccionId}/{tipoViajeId}", session, s.precio},
		{"PUT", "/api/config/precios", perm("configuracion.editar"), s.guardarPrecios},

		{"POST", "/api/caja/abrir", perm("caja.abrir"), s.abrirCaja},
		{"GET", "/api/caja/estado", perm("caja.ver"), s.estadoCaja},
		{"GET", "/api/caja/resumen", perm("caja.ver"), s.resumenCaja},
		{"GET", "/api/caja/movimientos", perm("caja.ver"), s.movimientosCaja},
		{"POST", "/api/caja/movimiento", perm("caja.movimientos"), s.movimientoCaja},
		{"POST", "/api/caja/cerrar", perm("caja.cerrar"), s.cerrarCaja},
		{"POST", "/api/caja/cuadre", perm("caja.ver"), s.cuadreCaja},

		{"POST", "/api/pasajes", perm("pasajes.crear"), s.crearPasaje},
		{"POST", "/api/pasajes/lote", perm("pasajes.crear"), s.crearLote},

		{"POST", "/api/pasajes/validar-qr", perm("validacion.embarque"), s.validarQR},
		{"POST", "/api/pasajes/{id}/validar-embarque", perm("validacion.embarque"), s.validarEmbarque},
		{"GET", "/api/pasajes/estadisticas-embarque", perm("validacion.embarque"), s.estadisticasEmbarque},
		{"GET", "/api/pasajes/por-fecha", domain.ConRoles(domain.RolLancha, domain.RolAdmin), s.pasajerosPorFecha},
		{"GET", "/api/dashboard/lancha/stats", perm("validacion.embarque"), s.lanchaStats},
		{"GET", "/api/dashboard/lancha/recientes", perm("validacion.embarque"), s.lanchaRecientes},

		{"GET", "/api/dashboard/stats", perm("dashboard.ver"), s.dashboardStats},
	}
	table = append(table, s.catalogRoutes("/api/config/secciones", domain.CatSecciones)...)
	table = append(table, s.catalogRoutes("/api/config/tipos-viaje", domain.CatTiposViaje)...)
	return append(table, s.catalogRoutes("/api/config/medios-pago", domain.CatMediosPago)...)
}

// catalogRoutes are the list, create, update and delete routes of a catalog:
// anyone with a session lists (the sale screen needs the lists), only
// configuracion.editar writes.
func (s *Server) catalogRoutes(base string, cat domain.Catalogo) []route {
	c, edit := catalogo{s, cat}, domain.ConPermiso("configuracion.editar")
	return []route{
		{"GET", base, domain.ConSesion(), c.listar},
		{"POST", base, edit, c.crear},
		{"PUT", base + "/{id}", edit, c.actualizar},
		{"DELETE", base + "/{id}", edit, c.eliminar},
	}
}
