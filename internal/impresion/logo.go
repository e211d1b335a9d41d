package impresion

import (
	"bytes"
	"encoding/base64"
	"html/template"
	"image"
	_ "image/jpeg" // decodes the size of a JPEG logo
	_ "image/png"  // decodes the size of a PNG logo
	"strings"

	"github.com/johnfercher/maroto/v2/pkg/consts/extension"
)

// Bounds of a company logo embedded in a ticket: its decoded bytes and pixels.
const (
	MaxLogoBytes   = 256 << 10
	MaxLogoPixeles = 2000 * 2000
)

// logoEmbebido is a logo image carried inside the company's logo_url.
type logoEmbebido struct {
	datos []byte
	ext   extension.Type
	mime  string
}

// logoDeDatos reads logo_url when it is a data: URL of a PNG or JPEG image
// within the bounds, whose bytes really are that image. Printing never fetches
// a URL nor reads a file: any other logo is not embedded.
func logoDeDatos(url string) (logoEmbebido, bool) {
	tipo, b64, ok := strings.Cut(strings.TrimPrefix(url, "data:"), ";base64,")
	if !ok || !strings.HasPrefix(url, "data:") || base64.StdEncoding.DecodedLen(len(b64)) > MaxLogoBytes+2 {
		return logoEmbebido{}, false
	}
	formatos := map[string]struct {
		formato string
		ext     extension.Type
	}{"image/png": {"png", extension.Png}, "image/jpeg": {"jpeg", extension.Jpeg}}
	f, ok := formatos[strings.ToLower(tipo)]
	if !ok {
		return logoEmbebido{}, false
	}
	datos, err := base64.StdEncoding.DecodeString(b64)
	if err != nil || len(datos) > MaxLogoBytes {
		return logoEmbebido{}, false
	}
	cfg, formato, err := image.DecodeConfig(bytes.NewReader(datos))
	if err != nil || formato != f.formato || cfg.Width*cfg.Height > MaxLogoPixeles {
		return logoEmbebido{}, false
	}
	return logoEmbebido{datos: datos, ext: f.ext, mime: strings.ToLower(tipo)}, true
}

// logoHTML is the src of the printed page's logo ("": the company's name
// alone): an embedded image, rewritten from its checked bytes, or a path on
// this server, which the browser loads (the page's policy allows only these
// two, 'self' and data:). A remote URL is never shown.
func logoHTML(url string) template.URL {
	if l, ok := logoDeDatos(url); ok {
		return template.URL("data:" + l.mime + ";base64," + base64.StdEncoding.EncodeToString(l.datos))
	}
	if strings.HasPrefix(url, "/") && !strings.HasPrefix(url, "//") && !strings.ContainsAny(url, "\\:") {
		return template.URL(url) // the template still escapes it for the attribute
	}
	return ""
}
