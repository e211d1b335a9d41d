package store

import (
	"context"
	"fmt"
	"strings"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Audit actions of the customers.
const (
	AccionCreacionCliente      = "CREACION_CLIENTE"
	AccionActualizacionCliente = "ACTUALIZACION_CLIENTE"
	AccionEliminacionCliente   = "ELIMINACION_CLIENTE"
)

// FiltroClientes selects the company's customers: Busqueda is a part of the
// names, document, e-mail or phone, whatever the case and accents; Documento
// is one exact document ("": any).
type FiltroClientes struct {
	Busqueda  string
	Documento string
	Pagina
}

const clienteColumns = `id, nombre, apellido, documento, telefono, email, direccion, activo, email_confirmado,
	telefono_confirmado, condicion_iva, COALESCE(cuit, '')`

func scanCliente(sc sqldb.Scanner) (domain.Cliente, error) {
	var c domain.Cliente
	err := sc.Scan(&c.ID, &c.Nombre, &c.Apellido, &c.Documento, &c.Telefono, &c.Email, &c.Direccion, &c.Activo,
		&c.EmailConfirmado, &c.TelefonoConfirmado, &c.CondicionIVA, &c.CUIT)
	return c, err
}

// ListarClientes lists one page of the company's customers by name, with the
// total the filter matched. The search is a LIKE on the normalized busqueda
// column, scoped by the (empresa_id, busqueda) index.
func (s *Store) ListarClientes(ctx context.Context, empresaID int64, f FiltroClientes) ([]domain.Cliente, int64, error) {
	where, args := `FROM clientes WHERE empresa_id = ?`, []any{empresaID}
	if q := domain.NormalizarBusqueda(f.Busqueda); q != "" {
		where, args = where+` AND busqueda LIKE ? ESCAPE '\'`, append(args, "%"+escapeLike(q)+"%")
	}
	if d := strings.TrimSpace(f.Documento); d != "" {
		where, args = where+` AND documento = ?`, append(args, d)
	}
	out, total, err := sqldb.QueryPage(ctx, s.db.Conn(), scanCliente, f.Pagina.page(), sqldb.List{Columns: clienteColumns,
		From: where, OrderBy: `ORDER BY nombre, apellido, id`, Args: args})
	return out, total, wrap("listar clientes", err)
}

// ClientePorID reads one of the company's customers; another company's is not found.
func (s *Store) ClientePorID(ctx context.Context, empresaID, id int64) (domain.Cliente, error) {
	return cliente(ctx, s.db.Conn(), empresaID, id)
}

func cliente(ctx context.Context, c sqldb.Conn, empresaID, id int64) (domain.Cliente, error) {
	cl, err := scanCliente(c.QueryRow(ctx, `SELECT `+clienteColumns+` FROM clientes WHERE empresa_id = ? AND id = ?`, empresaID, id))
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return cl, firstErr(wrap("leer cliente", err), domain.NotFound(domain.MsgClienteNoEncontrado))
	}
	return cl, nil
}

// CrearCliente adds a customer to the actor's company; a document the company
// already has is a 409. Staff save a customer after checking its ID, so the
// contacts they save are confirmed (issue 36 item 1; a sale's are not:
// clienteDeVenta).
func (s *Store) CrearCliente(ctx context.Context, a Actor, cl domain.Cliente) (domain.Cliente, error) {
	cl, err := cl.Normalizar()
	if err != nil {
		return cl, err
	}
	return idempotent(ctx, s, a, "clientes.crear", func(c sqldb.Conn) (domain.Cliente, error) {
		id, err := c.InsertID(ctx, `INSERT INTO clientes (empresa_id, nombre, apellido, documento, telefono, email,
			direccion, busqueda, activo, email_confirmado, telefono_confirmado, condicion_iva, cuit, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, TRUE, ?, ?, ?, ?, ?, ?)`, a.EmpresaID, cl.Nombre, cl.Apellido, cl.Documento, cl.Telefono,
			cl.Email, cl.Direccion, cl.Busqueda(), cl.Email != "", cl.Telefono != "", cl.CondicionIVA, vacioNulo(cl.CUIT), c.Now(), c.Now())
		if err := duplicado(err, "crear cliente"); err != nil {
			return cl, err
		}
		return s.clienteEscrito(ctx, c, a, id, AccionCreacionCliente)
	})
}

// ActualizarCliente changes one of the company's customers (activo included);
// the contacts saved are confirmed, as CrearCliente's. Without an IVA
// condition (a client that does not send the fiscal data) the stored
// condition and CUIT are kept.
func (s *Store) ActualizarCliente(ctx context.Context, a Actor, id int64, cl domain.Cliente) (domain.Cliente, error) {
	if _, err := cl.Normalizar(); err != nil {
		return cl, err
	}
	return idempotent(ctx, s, a, "clientes.actualizar", func(c sqldb.Conn) (domain.Cliente, error) {
		if strings.TrimSpace(cl.CondicionIVA) == "" {
			actual, err := cliente(ctx, c, a.EmpresaID, id)
			if err != nil {
				return cl, err
			}
			cl.CondicionIVA, cl.CUIT = actual.CondicionIVA, actual.CUIT
		}
		cl, err := cl.Normalizar()
		if err != nil {
			return cl, err
		}
		res, err := c.Exec(ctx, `UPDATE clientes SET nombre = ?, apellido = ?, documento = ?, telefono = ?, email = ?,
			direccion = ?, busqueda = ?, activo = ?, email_confirmado = ?, telefono_confirmado = ?, condicion_iva = ?,
			cuit = ?, updated_at = ? WHERE empresa_id = ? AND id = ?`, cl.Nombre, cl.Apellido, cl.Documento, cl.Telefono,
			cl.Email, cl.Direccion, cl.Busqueda(), cl.Activo, cl.Email != "", cl.Telefono != "", cl.CondicionIVA,
			vacioNulo(cl.CUIT), c.Now(), a.EmpresaID, id)
		if err := duplicado(err, "actualizar cliente"); err != nil {
			return cl, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return cl, domain.NotFound(domain.MsgClienteNoEncontrado)
		}
		return s.clienteEscrito(ctx, c, a, id, AccionActualizacionCliente)
	})
}

// duplicado turns a unique violation on the document into the 409 of the spec.
func duplicado(err error, what string) error {
	if sqldb.IsUniqueViolation(err) {
		return domain.Conflict(domain.MsgClienteDuplicado)
	}
	return wrap(what, err)
}

// clienteEscrito reads back the customer just written, audits the write and
// announces it.
func (s *Store) clienteEscrito(ctx context.Context, c sqldb.Conn, a Actor, id int64, accion string) (domain.Cliente, error) {
	cl, err := cliente(ctx, c, a.EmpresaID, id)
	if err != nil {
		return cl, err
	}
	c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "clientes"}})
	return cl, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: accion, IP: a.IP,
		Exito: true, Detalles: fmt.Sprintf("Cliente %d: %s %s (%s)", cl.ID, cl.Nombre, cl.Apellido, cl.Documento)})
}

// EliminarCliente deletes a customer, or deactivates one that has tickets or
// points movements so that they keep their customer. desactivado tells which.
func (s *Store) EliminarCliente(ctx context.Context, a Actor, id int64) (desactivado bool, err error) {
	return idempotent(ctx, s, a, "clientes.eliminar", func(c sqldb.Conn) (bool, error) {
		cl, err := cliente(ctx, c, a.EmpresaID, id)
		if err != nil {
			return false, err
		}
		var tiene bool
		if err := c.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pasajes WHERE empresa_id = ? AND cliente_id = ?)
			OR EXISTS (SELECT 1 FROM puntos_movimientos WHERE empresa_id = ? AND cliente_id = ?)`,
			a.EmpresaID, id, a.EmpresaID, id).Scan(&tiene); err != nil {
			return false, wrap("buscar pasajes del cliente", err)
		}
		q := `DELETE FROM clientes WHERE empresa_id = ? AND id = ?`
		if tiene {
			q = `UPDATE clientes SET activo = FALSE WHERE empresa_id = ? AND id = ?`
		}
		if _, err := c.Exec(ctx, q, a.EmpresaID, id); err != nil {
			return false, wrap("eliminar cliente", err)
		}
		hecho := "eliminado"
		if tiene {
			hecho = "desactivado"
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "clientes"}})
		return tiene, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID,
			Accion: AccionEliminacionCliente, IP: a.IP, Exito: true,
			Detalles: fmt.Sprintf("Cliente %d (%s) %s", id, cl.Documento, hecho)})
	})
}

// PasajesDeCliente lists one page of a customer's tickets, newest first,
// only those vendedorID sold when it is not 0 (a role that sees its own sales
// only); a customer of another company is not found.
func (s *Store) PasajesDeCliente(ctx context.Context, empresaID, id, vendedorID int64, p Pagina) ([]Pasaje, int64, error) {
	if _, err := s.ClientePorID(ctx, empresaID, id); err != nil {
		return nil, 0, err
	}
	where, args := ` WHERE p.empresa_id = ? AND p.cliente_id = ?`, []any{empresaID, id}
	if vendedorID > 0 {
		where, args = where+` AND p.usuario_id = ?`, append(args, vendedorID)
	}
	out, total, err := sqldb.QueryPage(ctx, s.db.Conn(), scanPasaje, p.page(), sqldb.List{Columns: pasajeColumns,
		From: pasajeFrom + where, OrderBy: `ORDER BY p.created_at DESC, p.id DESC`, Args: args})
	return out, total, wrap("listar pasajes del cliente", err)
}

// clienteDeVenta is the customer of a sale's document, inside the sale's
// transaction: the company's customer with that document (its contacts left
// as they are), or a new one made of the sale's name, phone and e-mail, kept
// unconfirmed: a seller's typing proves nothing about who owns the document
// (issue 36 item 1), so no portal code goes to them. Insert-or-select on the unique
// (empresa_id, documento) index: two sales of the same new document at once
// make one customer, the second waits for the first and reads it.
func clienteDeVenta(ctx context.Context, c sqldb.Conn, empresaID int64, v Venta) (domain.Cliente, error) {
	nuevo := domain.Cliente{Nombre: domain.NombreCliente(v.ClienteNombre), Documento: strings.TrimSpace(v.ClienteDocumento),
		Telefono: strings.TrimSpace(v.ClienteTelefono), Email: strings.TrimSpace(v.ClienteEmail), Activo: true}
	err := c.QueryRow(ctx, `INSERT INTO clientes (empresa_id, nombre, apellido, documento, telefono, email, direccion,
		busqueda, activo, created_at, updated_at) VALUES (?, ?, '', ?, ?, ?, '', ?, TRUE, ?, ?)
		ON CONFLICT (empresa_id, documento) DO NOTHING RETURNING id`, empresaID, nuevo.Nombre, nuevo.Documento,
		nuevo.Telefono, nuevo.Email, nuevo.Busqueda(), c.Now(), c.Now()).Scan(&nuevo.ID)
	if missing, err := sqldb.NoRows(err); !missing {
		return nuevo, wrap("crear cliente de la venta", err)
	}
	cl, err := scanCliente(c.QueryRow(ctx, `SELECT `+clienteColumns+` FROM clientes WHERE empresa_id = ? AND documento = ?`,
		empresaID, nuevo.Documento))
	return cl, wrap("leer cliente de la venta", err)
}
