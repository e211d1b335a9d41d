package events

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Every enum of an event's payload lists exactly the values the code emits
// in that field: the test reads the module's source (cmd and internal, tests
// left out), finds every literal of the payload's type and resolves the
// field's value to the strings it can be.
func TestEveryPayloadEnumListsWhatTheCodeEmits(t *testing.T) {
	c := leerCodigo(t, "../..", "cmd", "internal")
	vistos := map[reflect.Type]bool{}
	for _, carga := range Cargas {
		tipo := reflect.TypeOf(carga.Datos)
		if vistos[tipo] {
			continue
		}
		vistos[tipo] = true
		for campo := range tipo.Fields() {
			enum, ok := campo.Tag.Lookup("enum")
			if !ok {
				continue
			}
			listados := strings.Split(enum, ",")
			emitidos := c.valores(t, tipo.Name(), campo.Name, nil)
			for valor, donde := range emitidos {
				if !slices.Contains(listados, valor) {
					t.Errorf("%s.%s: el enum no lista %q, que emite %s", tipo.Name(), campo.Name, valor, donde)
				}
			}
			for _, valor := range listados {
				if _, ok := emitidos[valor]; !ok {
					t.Errorf("%s.%s: el enum lista %q, que el código no emite", tipo.Name(), campo.Name, valor)
				}
			}
		}
	}
	for texto := range fuentes {
		if !c.seguidas[texto] {
			t.Errorf("fuentes: %s ya no se escribe en ninguna carga", texto)
		}
	}
}

// fuente is where a field's value comes from where it is no constant at the
// literal: the literals of another type's field, or the constants declared
// in one block with a constant (named dir.Name).
type fuente struct {
	tipo, campo string
	bloque      string
}

// fuentes are the values of the payloads that are no constant where they are
// written, by their expression.
var fuentes = map[string]fuente{
	"cat.Tabla":     {tipo: "Catalogo", campo: "Tabla"},
	"cambio.Estado": {tipo: "CambioWhatsApp", campo: "Estado"},
	"s.estado":      {bloque: "internal/domain.WhatsAppConectado"},
	"n.Tipo":        {tipo: "NuevaNotificacion", campo: "Tipo"},
	"aviso.tipo":    {bloque: "internal/domain.NotifVenta"},
	"liberadoComo":  {bloque: "internal/domain.PedidoPendiente"},
}

// codigo is the module's source, parsed: its files and its string
// constants (by dir.Name), each with the values of its const block; and the
// fuentes followed.
type codigo struct {
	fset       *token.FileSet
	archivos   []archivo
	constantes map[string]string
	bloques    map[string][]string
	seguidas   map[string]bool
}

// archivo is a parsed file, its package's directory and its imports of the
// module (name → directory).
type archivo struct {
	f       *ast.File
	dir     string
	imports map[string]string
}

func leerCodigo(t *testing.T, raiz string, dirs ...string) *codigo {
	t.Helper()
	c := &codigo{fset: token.NewFileSet(), constantes: map[string]string{}, bloques: map[string][]string{},
		seguidas: map[string]bool{}}
	for _, dir := range dirs {
		err := filepath.WalkDir(filepath.Join(raiz, dir), func(ruta string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(ruta, ".go") || strings.HasSuffix(ruta, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(c.fset, ruta, nil, 0)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(raiz, filepath.Dir(ruta))
			c.agregar(archivo{f: f, dir: filepath.ToSlash(rel), imports: importsDelModulo(f)})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// importsDelModulo maps the names of a file's imports of the module to their directories.
func importsDelModulo(f *ast.File) map[string]string {
	imports := map[string]string{}
	for _, imp := range f.Imports {
		ruta, _ := strconv.Unquote(imp.Path.Value)
		dir, ok := strings.CutPrefix(ruta, "muelle/")
		if !ok {
			continue
		}
		nombre := filepath.Base(dir)
		if imp.Name != nil {
			nombre = imp.Name.Name
		}
		imports[nombre] = dir
	}
	return imports
}

// agregar adds a file and its string constants.
func (c *codigo) agregar(a archivo) {
	c.archivos = append(c.archivos, a)
	for _, d := range a.f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		var nombres, valores []string
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			for i, nombre := range v.Names {
				if i < len(v.Values) {
					if lit, ok := v.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						valor, _ := strconv.Unquote(lit.Value)
						nombres, valores = append(nombres, a.dir+"."+nombre.Name), append(valores, valor)
					}
				}
			}
		}
		for i, nombre := range nombres {
			c.constantes[nombre], c.bloques[nombre] = valores[i], valores
		}
	}
}

// valores are the strings the code writes in field campo of the literals of
// type tipo (named by its name, in any package: the store aliases the
// payloads), each with where one is written. siguiendo guards against a
// cycle of fuentes.
func (c *codigo) valores(t *testing.T, tipo, campo string, siguiendo []string) map[string]string {
	t.Helper()
	if clave := tipo + "." + campo; slices.Contains(siguiendo, clave) {
		t.Fatalf("fuentes en ciclo: %v", siguiendo)
	} else {
		siguiendo = append(siguiendo, clave)
	}
	valores := map[string]string{}
	for _, a := range c.archivos {
		for _, lit := range literalesDe(a.f, tipo) {
			for _, elt := range lit.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					t.Errorf("%s: un literal de %s sin nombres de campo", c.fset.Position(lit.Pos()), tipo)
					break
				}
				if clave, ok := kv.Key.(*ast.Ident); ok && clave.Name == campo {
					for _, v := range c.resolver(t, a, kv.Value, siguiendo) {
						valores[v] = c.fset.Position(kv.Pos()).String()
					}
				}
			}
		}
	}
	return valores
}

// literalesDe are the file's composite literals of type tipo, also those
// whose type a slice or map literal of it leaves out.
func literalesDe(f *ast.File, tipo string) []*ast.CompositeLit {
	var lits []*ast.CompositeLit
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		if nombreDeTipo(lit.Type) == tipo {
			lits = append(lits, lit)
		}
		if elemento := elementoDe(lit.Type); nombreDeTipo(elemento) == tipo {
			for _, elt := range lit.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					elt = kv.Value
				}
				if sub, ok := elt.(*ast.CompositeLit); ok && sub.Type == nil {
					lits = append(lits, sub)
				}
			}
		}
		return true
	})
	return lits
}

func nombreDeTipo(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.StarExpr:
		return nombreDeTipo(e.X)
	}
	return ""
}

func elementoDe(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.ArrayType:
		return e.Elt
	case *ast.MapType:
		return e.Value
	}
	return nil
}

// resolver answers the strings expression e of file a can be: a string, a
// constant of the file's package or of a package of the module it imports,
// or what fuentes say.
func (c *codigo) resolver(t *testing.T, a archivo, e ast.Expr, siguiendo []string) []string {
	t.Helper()
	constante := ""
	switch e := e.(type) {
	case *ast.BasicLit:
		if v, err := strconv.Unquote(e.Value); err == nil && e.Kind == token.STRING {
			return []string{v}
		}
	case *ast.Ident:
		constante = a.dir + "." + e.Name
	case *ast.SelectorExpr:
		if pkg, ok := e.X.(*ast.Ident); ok && a.imports[pkg.Name] != "" {
			constante = a.imports[pkg.Name] + "." + e.Sel.Name
		}
	}
	if v, ok := c.constantes[constante]; ok {
		return []string{v}
	}
	texto := types.ExprString(e)
	f, ok := fuentes[texto]
	if !ok {
		t.Errorf("%s: %s no es una constante: agregá a fuentes de dónde salen sus valores", c.fset.Position(e.Pos()), texto)
		return nil
	}
	c.seguidas[texto] = true
	if f.bloque == "" {
		return slices.Collect(maps.Keys(c.valores(t, f.tipo, f.campo, siguiendo)))
	}
	if _, ok := c.bloques[f.bloque]; !ok {
		t.Errorf("fuentes: no hay constante %s", f.bloque)
	}
	return c.bloques[f.bloque]
}
