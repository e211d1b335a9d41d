// Command muelle is the whole system in one binary: the API, the WebSocket and
// the embedded web app, plus the maintenance subcommands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"muelle/internal/api"
	"muelle/internal/auth"
	"muelle/internal/certificados"
	"muelle/internal/cobros"
	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/externo"
	"muelle/internal/jobs"
	"muelle/internal/mensajeria"
	"muelle/internal/mercadopago"
	"muelle/internal/realtime"
	"muelle/internal/store"
	"muelle/internal/webhooks"
	"muelle/internal/whatsapp"
	"muelle/web"
)

const usage = `Uso: muelle <comando> [opciones]

Comandos:
  serve [--addr HOST:PUERTO] [--db URL] [--https DOMINIO[,DOMINIO]]
                                          aplica migraciones y sirve la API y la aplicación web;
                                          con --https, por HTTPS en :443 con certificados automáticos
  tls local --nombres NOMBRE[,IP] [--destino CARPETA]
                                          crea una CA local y un certificado para MUELLE_TLS_CERT/KEY
  migrate [--db URL]                      aplica las migraciones pendientes
  seed --demo [--db URL]                  carga los datos de demostración (idempotente)
  user create --superadmin --username U --password P [--empresa NOMBRE] [--db URL]
  secret generate                         imprime una clave de instalación nueva
  secret rotate [--new-key CLAVE] [--db URL]  vuelve a cifrar los secretos con otra clave
  backup --destino CARPETA [--db URL] [--conservar 14]
                                          copia la base SQLite en marcha (comprobada; nunca la clave
                                          de instalación) y borra las copias más viejas que N
  restore --desde ARCHIVO --db URL [--reemplazar]
                                          pone una copia en lugar de la base (con Muelle detenido)
  migrar --desde sqlite:RUTA --hacia postgres://…  copia la instalación entera a una base PostgreSQL vacía

Variables de entorno: MUELLE_ADDR (127.0.0.1:8080), MUELLE_DB (sqlite:data/muelle.db),
MUELLE_BCRYPT_COST (10), MUELLE_TOKEN_TTL (8h), MUELLE_DB_MAX_CONNS (20 en PostgreSQL,
8 lectores en SQLite), MUELLE_MAX_REQUESTS (256), MUELLE_AMBIENTE (desarrollo; produccion en producción), MUELLE_SECRET_KEY (obligatoria con
PostgreSQL; con SQLite, el archivo RUTA.key junto a la base), MUELLE_WHATSAPP (true; false: esta instancia no
conecta WhatsApp), MUELLE_SMTP_CA (vacío), MUELLE_SMTP_PERMITIR_PRIVADAS (false; true: los servidores SMTP
y los servicios de notificaciones push pueden estar en direcciones privadas o locales y en cualquier puerto),
MUELLE_PUSH_CONTACTO (el email o la URL https:// que ven los servicios push; por defecto MUELLE_URL_PUBLICA),
MUELLE_HTTPS_DOMINIO (como --https), MUELLE_ACME_DIRECTORIO (Let's Encrypt), MUELLE_ACME_EMAIL (vacío),
MUELLE_TLS_CERT y MUELLE_TLS_KEY (certificado propio en PEM, cadena completa: HTTPS en --addr),
MUELLE_HTTP_ADDR (:80 con --https: redirige HTTP a HTTPS y responde el desafío ACME),
MUELLE_PROXIES_CONFIABLES (vacío; direcciones IP o redes CIDR separadas por comas, por ejemplo
127.0.0.1,::1: solo de esos proxies inversos se creen X-Forwarded-For, Forwarded y X-Forwarded-Proto),
MUELLE_BACKUP_DIR (vacío; una carpeta: serve hace copias de la base SQLite, una por período entre todas las
instancias), MUELLE_BACKUP_CADA (24h; al menos 1h), MUELLE_BACKUP_CONSERVAR (14),
MUELLE_MERCADOPAGO_URL (https://api.mercadopago.com), MUELLE_SERVICIOS_CA (vacío; un archivo PEM con la CA de
un servicio externo, como Mercado Pago: se suma a las del sistema; MUELLE_SMTP_PERMITIR_PRIVADAS también les
permite direcciones privadas).
`

func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := run(os.Args[1:], log); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func run(args []string, log *slog.Logger) error {
	if len(args) == 0 {
		fmt.Print(usage)
		return errors.New("falta el comando")
	}
	switch args[0] {
	case "serve":
		return serve(args[1:], log)
	case "migrate":
		return migrate(args[1:])
	case "seed":
		return seed(args[1:])
	case "user":
		return userCmd(args[1:])
	case "secret":
		return secretCmd(args[1:])
	case "tls":
		return tlsCmd(args[1:], os.Stdout)
	case "backup":
		return backupCmd(args[1:], os.Stdout)
	case "restore":
		return restoreCmd(args[1:], os.Stdout)
	case "migrar":
		return migrarCmd(args[1:])
	case "help", "-h", "--help":
		fmt.Print(usage)
		return nil
	}
	fmt.Print(usage)
	return fmt.Errorf("comando desconocido %q", args[0])
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// envInt reads a positive integer setting; def when unset.
func envInt(name string, def int) (int, error) {
	v := os.Getenv(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%s debe ser un entero positivo, no %q", name, v)
	}
	return n, nil
}

// openDB opens and migrates the database, makes sure the built-in roles exist
// and that every stored secret is sealed with the installation key.
func openDB(ctx context.Context, url string) (*store.Store, error) {
	st, _, err := openDBWithKey(ctx, url)
	return st, err
}

// openDBWithKey is openDB that also tells where the installation key came from.
func openDBWithKey(ctx context.Context, url string) (*store.Store, installationKey, error) {
	key, err := loadInstallationKey(url)
	if err != nil {
		return nil, key, err
	}
	st, err := openDBSealedWith(ctx, url, key, nil)
	return st, key, err
}

// openDBSealedWith is openDB with the installation key given; check, when not
// nil, looks at the database before it is migrated.
func openDBSealedWith(ctx context.Context, url string, key installationKey,
	check func(context.Context, *store.Store) error) (*store.Store, error) {
	maxConns, err := envInt("MUELLE_DB_MAX_CONNS", 0)
	if err != nil {
		return nil, err
	}
	box, err := key.box()
	if err != nil {
		return nil, err
	}
	st, err := store.Open(url, store.WithMaxConns(maxConns), store.WithSecretBox(box))
	if err != nil {
		return nil, err
	}
	if check != nil {
		err = check(ctx, st)
	}
	if err == nil {
		err = prepare(ctx, st)
	}
	if err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// prepare migrates, creates the built-in roles and seals plain secrets.
func prepare(ctx context.Context, st *store.Store) error {
	if err := st.Migrate(ctx); err != nil {
		return err
	}
	if err := st.EnsureRolesIntegrados(ctx); err != nil {
		return err
	}
	if _, err := st.CifrarSecretos(ctx); err != nil {
		return fmt.Errorf("secretos: %w (¿es la clave de instalación correcta?)", err)
	}
	return nil
}

func hasher() auth.Hasher {
	cost, err := strconv.Atoi(env("MUELLE_BCRYPT_COST", "10"))
	if err != nil {
		cost = 10
	}
	return auth.Hasher{Cost: cost}
}

func serve(args []string, log *slog.Logger) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", env("MUELLE_ADDR", "127.0.0.1:8080"), "dirección HOST:PUERTO")
	dbURL := fs.String("db", env("MUELLE_DB", store.DefaultURL), "URL de la base de datos")
	dominios := fs.String("https", os.Getenv("MUELLE_HTTPS_DOMINIO"), "nombres para HTTPS con certificados automáticos (ACME)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	tlsOp, err := leerOpcionesHTTPS(*dominios)
	if err != nil {
		return err
	}
	if len(tlsOp.dominios) > 0 && !flagDado(fs, "addr") && os.Getenv("MUELLE_ADDR") == "" {
		*addr = ":443"
	}
	proxies, err := api.LeerProxiesConfiables(os.Getenv("MUELLE_PROXIES_CONFIABLES"))
	if err != nil {
		return fmt.Errorf("MUELLE_PROXIES_CONFIABLES: %w", err)
	}
	respaldos, conRespaldos, err := planRespaldo(*dbURL)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	registrarDescriptores(log)
	st, err := openDB(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer st.Close()
	ttl, err := time.ParseDuration(env("MUELLE_TOKEN_TTL", "8h"))
	if err != nil {
		return fmt.Errorf("MUELLE_TOKEN_TTL inválido: %w", err)
	}
	svc, err := auth.NewService(ctx, st, ttl, hasher().Cost)
	if err != nil {
		return err
	}
	logins, err := envInt("MUELLE_LOGINS_POR_MINUTO", auth.LoginsPorMinutoDefault)
	if err != nil {
		return err
	}
	svc.Limite = auth.NuevoLimiteDirecciones(logins)
	// committed events become notifications and reach the sockets of every instance
	hub, err := realtime.Iniciar(ctx, st, autenticador(svc), log)
	if err != nil {
		return err
	}
	// work outside a request, one runner per process: the store's periodic
	// work (purges, points' expiry, departures, backups), the queued work, the
	// outbox, the pushes and the report schedules; on shutdown, serve waits
	// for the work under way (jobs.Runner.Gracia)
	tareas := jobs.Nuevo(st, log)
	st.RegistrarTareas(tareas)
	st.AlEncolarTrabajo(tareas.Despertar)
	if conRespaldos {
		// one backup per period whichever instance claims it (store.RespaldarSiToca)
		log.Info("copias de seguridad programadas", "carpeta", respaldos.Dir, "cada", respaldos.Cada,
			"conservar", respaldos.Conservar)
		st.RegistrarRespaldos(tareas, respaldos, log)
	}
	// the inbox of the outside (POST /api/webhooks/{proveedor}): each provider
	// registers on it its verifier and the handler of its events, a job of
	// the runner (Mercado Pago's, below)
	buzon := webhooks.NuevoBuzon(st, tareas)
	maxRequests, err := envInt("MUELLE_MAX_REQUESTS", 256)
	if err != nil {
		return err
	}
	// the outbox is sent after commit by jobs of the runner (kinds correo,
	// whatsapp and push: each woken by the commit that queues to it, polling
	// every jobs.Runner.Espera); several instances share them, each row
	// claimed by one
	email := mensajeria.Email{Store: st, URLPublica: env("MUELLE_URL_PUBLICA", urlPublica(*addr, tlsOp)),
		PermitirPrivadas: env("MUELLE_SMTP_PERMITIR_PRIVADAS", "false") == "true"}
	if email.PermitirPrivadas {
		log.Warn("MUELLE_SMTP_PERMITIR_PRIVADAS: los servidores SMTP pueden estar en direcciones privadas y en cualquier puerto")
	}
	if ca := os.Getenv("MUELLE_SMTP_CA"); ca != "" {
		if email.TLS, err = mensajeria.TLSConCA(ca); err != nil {
			return err
		}
	}
	email.Registrar(tareas)
	// the pushes of the notifications, queued in their transaction, likewise
	redPush := mensajeria.RedPush{PermitirPrivadas: email.PermitirPrivadas}
	mensajeria.NuevoWorkerPush(st, log, redPush, contactoPush(email.URLPublica)).Registrar(tareas)
	redMP, err := redMercadoPago(email.PermitirPrivadas)
	if err != nil {
		return err
	}
	// the payments of the sales charged with Mercado Pago QR: their calls are
	// jobs, their webhooks come through the inbox
	pagos := &cobros.Cobros{Store: st, Red: redMP, Log: log}
	pagos.Registrar(tareas)
	buzon.Registrar(pagos.Proveedor())
	app := &api.Server{Store: st, Auth: svc, Log: log, App: web.Dist(), Hub: hub, SocketsAbiertos: hub.Sockets,
		Email: email, Push: redPush, Webhooks: buzon, MercadoPago: redMP, Cobros: pagos,
		Limits: limites(maxRequests), Proxies: proxies,
		Proceso: api.Proceso{Version: versionActual(), Ambiente: env("MUELLE_AMBIENTE", "desarrollo"), Direccion: *addr,
			Inicio: time.Now()}}
	if env("MUELLE_WHATSAPP", "true") != "false" {
		gestor, err := iniciarWhatsApp(ctx, st, log, app, tareas)
		if err != nil {
			return err
		}
		defer gestor.Cerrar()
	}
	// the API's own jobs: the report schedules' sends
	app.RegistrarTareas(tareas)
	app.Tareas = tareas.Estados
	ctxTareas, pararTareas := context.WithCancel(ctx)
	tareasTerminadas := make(chan struct{})
	go func() { tareas.Start(ctxTareas); close(tareasTerminadas) }()
	defer func() { pararTareas(); <-tareasTerminadas }()
	fuente, err := fuenteHTTPS(ctx, st, tlsOp, log)
	if err != nil {
		return err
	}
	if fuente != nil {
		app.Servicios.HTTPS = estadoHTTPS(fuente)
	}
	if len(proxies.Entradas()) > 0 {
		log.Info("proxies inversos de confianza", "proxies_confiables", strings.Join(proxies.Entradas(), ","))
	}
	return servir(ctx, log, st.Dialect(), hub.Cerrar, newHTTPServer(*addr, certificados.ConHSTS(app.Handler()), defaultTimeouts),
		tlsOp, fuente)
}

// servir serves the application (over HTTPS when fuente is set, with plain
// HTTP redirected to it) until ctx ends or a listener fails, then shuts down
// within 10 seconds.
func servir(ctx context.Context, log *slog.Logger, motor string, cerrarSockets func(), srv *http.Server,
	o opcionesHTTPS, fuente certificados.Fuente) error {
	srv.RegisterOnShutdown(cerrarSockets)
	servidores := []*http.Server{srv}
	errc := make(chan error, 2)
	go func() { errc <- escuchar(srv, fuente) }()
	if fuente != nil && o.direccionPlana != "" {
		plano := servidorPlano(o, srv.Addr, fuente)
		servidores = append(servidores, plano)
		go func() { errc <- plano.ListenAndServe() }()
	}
	log.Info("Muelle en marcha", "url", urlPublica(srv.Addr, o), "base_de_datos", motor)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("cerrando el servidor")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var errs []error
	for _, s := range servidores {
		errs = append(errs, s.Shutdown(shutdownCtx))
	}
	return errors.Join(errs...)
}

// urlPublica is where the server is reached: https:// and its first name
// with ACME, https:// with certificate files, http:// otherwise.
func urlPublica(addr string, o opcionesHTTPS) string {
	switch {
	case len(o.dominios) > 0:
		if _, puerto, _ := net.SplitHostPort(addr); puerto != "443" && puerto != "" {
			return "https://" + net.JoinHostPort(o.dominios[0], puerto)
		}
		return "https://" + o.dominios[0]
	case o.cert != "":
		return "https://" + addr
	}
	return "http://" + addr
}

// flagDado tells whether the flag name was given on the command line.
func flagDado(fs *flag.FlagSet, name string) bool {
	dado := false
	fs.Visit(func(f *flag.Flag) { dado = dado || f.Name == name })
	return dado
}

// contactoPush is the VAPID subject the push services may write to:
// MUELLE_PUSH_CONTACTO (an e-mail address or an https:// URL), else the
// public URL when it is https://.
func contactoPush(urlPublica string) string {
	if c := os.Getenv("MUELLE_PUSH_CONTACTO"); c != "" {
		return c
	}
	if strings.HasPrefix(urlPublica, "https://") {
		return urlPublica
	}
	return "muelle@localhost"
}

// iniciarWhatsApp opens the WhatsApp device store in Muelle's database (its
// upgrades run now), restores the linked companies and registers the
// WhatsApp outbox on tareas (woken by the store when a WhatsApp message is
// queued); app gets the service and its check.
func iniciarWhatsApp(ctx context.Context, st *store.Store, log *slog.Logger, app *api.Server,
	tareas *jobs.Runner) (*whatsapp.Gestor, error) {
	dispositivos, err := whatsapp.AbrirDispositivos(ctx, st, st.SecretBox(), log)
	if err != nil {
		return nil, err
	}
	gestor := &whatsapp.Gestor{Store: st, Abrir: dispositivos.Abrir, Log: log}
	if err := gestor.Iniciar(ctx); err != nil {
		return nil, err
	}
	mensajeria.WhatsApp{Store: st, Remitente: gestor}.Registrar(tareas)
	app.WhatsApp, app.Servicios.WhatsApp = gestor, api.ComprobarWhatsApp(gestor.Activas)
	return gestor, nil
}

// autenticador checks a socket's session token like a request's.
func autenticador(svc *auth.Service) realtime.Autenticar {
	return func(ctx context.Context, token string) (store.UsuarioSesion, error) {
		_, u, err := svc.Authenticate(ctx, token)
		return u, err
	}
}

// limites bound the requests: maxRequests run at once (a request waits 2 s
// for a slot), heavy reads (reports, dashboards, lists) two per core in a pool
// of their own, and a body, read before its request takes one, must arrive
// within 15 s, at most 16 at once from one address.
func limites(maxRequests int) api.Limits {
	return api.Limits{MaxConcurrent: maxRequests, MaxLecturasPesadas: 2 * runtime.GOMAXPROCS(0),
		Wait: 2 * time.Second, BodyTimeout: 15 * time.Second, BodiesPerAddress: 16}
}

// timeouts bound how long a client may hold a connection at each stage.
type timeouts struct {
	readHeader, read, write, idle time.Duration
}

// defaultTimeouts: a request's headers and body must arrive within 10 and 30
// seconds, an answer must be written within a minute, and an idle keep-alive
// connection is closed after two minutes.
var defaultTimeouts = timeouts{readHeader: 10 * time.Second, read: 30 * time.Second, write: time.Minute,
	idle: 2 * time.Minute}

// newHTTPServer is the server with its timeouts: a client that sends its
// headers or its body slowly is disconnected instead of holding a connection.
func newHTTPServer(addr string, h http.Handler, t timeouts) *http.Server {
	return &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: t.readHeader, ReadTimeout: t.read,
		WriteTimeout: t.write, IdleTimeout: t.idle, MaxHeaderBytes: 64 << 10}
}

func dbFlag(name string, args []string) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	return fs, fs.String("db", env("MUELLE_DB", store.DefaultURL), "URL de la base de datos")
}

func migrate(args []string) error {
	fs, dbURL := dbFlag("migrate", args)
	if err := fs.Parse(args); err != nil {
		return err
	}
	st, err := openDB(context.Background(), *dbURL)
	if err != nil {
		return err
	}
	fmt.Println("Migraciones aplicadas.")
	return st.Close()
}

func seed(args []string) error {
	fs, dbURL := dbFlag("seed", args)
	demoFlag := fs.Bool("demo", false, "cargar los datos de demostración")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if !*demoFlag {
		return errors.New("indique --demo")
	}
	ctx := context.Background()
	st, err := openDB(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := demo.Seed(ctx, st, hasher()); err != nil {
		return err
	}
	fmt.Printf("Datos de demostración listos. Usuarios (contraseña de todos: %s):\n", demo.Password)
	for _, l := range demo.Logins() {
		fmt.Printf("  %-12s %-12s %s\n", l.Usuario, l.Rol, l.Empresa)
	}
	return nil
}

func userCmd(args []string) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New("uso: muelle user create --superadmin --username U --password P")
	}
	fs, dbURL := dbFlag("user create", args[1:])
	super := fs.Bool("superadmin", false, "crear un super administrador")
	username := fs.String("username", "", "nombre de usuario")
	password := fs.String("password", "", "contraseña")
	empresa := fs.String("empresa", "Terminal Fluvial", "empresa a la que pertenece si no hay ninguna")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if !*super || *username == "" || *password == "" {
		return errors.New("uso: muelle user create --superadmin --username U --password P")
	}
	ctx := context.Background()
	st, err := openDB(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer st.Close()
	return createSuperAdmin(ctx, st, *username, *password, *empresa)
}

func createSuperAdmin(ctx context.Context, st *store.Store, username, password, empresa string) error {
	empresaID, err := st.PrimeraEmpresa(ctx)
	if err != nil {
		return err
	}
	if empresaID == 0 {
		if empresaID, err = st.EnsureEmpresa(ctx, store.Empresa{Nombre: empresa}); err != nil {
			return err
		}
	}
	username = domain.NormalizarNombreUsuario(username)
	if err := domain.ValidarCredenciales(username, password); err != nil {
		return err
	}
	hash, err := hasher().Hash(password)
	if err != nil {
		return err
	}
	created, err := st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: empresaID, Rol: domain.RolSuperAdmin,
		NombreUsuario: username, Nombre: username, PasswordHash: hash, Activo: true})
	if err != nil {
		return err
	}
	if !created {
		return fmt.Errorf("el usuario %q ya existe", username)
	}
	fmt.Printf("Super administrador %q creado.\n", username)
	return nil
}

// redMercadoPago is how this installation reaches Mercado Pago: its URL
// (MUELLE_MERCADOPAGO_URL) through the outside services' network rules.
func redMercadoPago(permitirPrivadas bool) (mercadopago.Red, error) {
	red, err := redServicios(permitirPrivadas)
	return mercadopago.Red{URL: env("MUELLE_MERCADOPAGO_URL", mercadopago.URLProduccion), Red: red}, err
}

// redServicios are the outside services' network rules: the installation's
// outbound rule (MUELLE_SMTP_PERMITIR_PRIVADAS, as for SMTP and Web Push), and
// the system's roots plus MUELLE_SERVICIOS_CA's certificates when named.
func redServicios(permitirPrivadas bool) (externo.Red, error) {
	red := externo.Red{PermitirPrivadas: permitirPrivadas}
	archivo := os.Getenv("MUELLE_SERVICIOS_CA")
	if archivo == "" {
		return red, nil
	}
	ca, err := os.ReadFile(archivo)
	if err == nil {
		red.TLS, err = externo.ConfigTLS(ca)
	}
	if err != nil {
		return red, fmt.Errorf("MUELLE_SERVICIOS_CA: %w", err)
	}
	return red, nil
}
