// Command openapi prints the OpenAPI 3 document of Muelle's route table, or
// writes it to the file given as its argument (make generate: docs/openapi.json).
package main

import (
	"fmt"
	"os"

	"muelle/internal/api"
)

func main() {
	doc, err := api.OpenAPI()
	if err == nil && len(os.Args) > 1 {
		err = os.WriteFile(os.Args[1], doc, 0o644)
	} else if err == nil {
		_, err = os.Stdout.Write(doc)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapi:", err)
		os.Exit(1)
	}
}
