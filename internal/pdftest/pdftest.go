// Package pdftest reads back the PDFs Muelle writes, for tests: whether a file
// is a valid PDF, how many pages it has and the text it shows.
package pdftest

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"golang.org/x/text/encoding/charmap"
)

var streams = regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`)

// Text is the text of a PDF's content streams, inflated: each shown string
// appears as "(text)". The PDF's standard fonts write Windows-1252, read back
// here as UTF-8.
func Text(t testing.TB, pdf []byte) string {
	t.Helper()
	var out strings.Builder
	for _, m := range streams.FindAllSubmatch(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			out.Write(m[1])
			continue
		}
		b, _ := io.ReadAll(r)
		out.Write(b)
	}
	utf8, err := charmap.Windows1252.NewDecoder().String(out.String())
	if err != nil {
		t.Fatal(err)
	}
	return utf8
}

// Valid fails the test unless pdf is a PDF that pdfcpu validates, and returns
// its number of pages.
func Valid(t testing.TB, pdf []byte) int {
	t.Helper()
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("no es un PDF: %.20q", pdf)
	}
	conf := model.NewDefaultConfiguration()
	if err := api.Validate(bytes.NewReader(pdf), conf); err != nil {
		t.Fatalf("PDF inválido: %v", err)
	}
	n, err := api.PageCount(bytes.NewReader(pdf), conf)
	if err != nil {
		t.Fatalf("páginas del PDF: %v", err)
	}
	return n
}
