package store

import (
	"fmt"
	"strconv"
	"time"
)

// The values of CopiarInstalacion: what SQLite answers (int64, float64,
// string, []byte, bool for BOOLEAN columns, time.Time for the DATE and
// TIMESTAMP ones it could parse) converted into what the PostgreSQL column
// takes, so that a value the target would read otherwise (an integer for a
// boolean, a text for an instant) is caught here, named by its table and
// column, and not left to the engine's guess.

// instantesSQLite are the layouts an instant may be written in on SQLite:
// the driver's own (with the zone), RFC 3339, and without a zone (UTC).
var instantesSQLite = []string{"2006-01-02 15:04:05.999999999-07:00", time.RFC3339Nano,
	"2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999", "2006-01-02 15:04"}

// valorPara converts a value read from SQLite into what a PostgreSQL column of
// type tipo (information_schema's data_type) takes; NULL stays NULL and a
// type the copy does not know goes as it came.
func valorPara(tipo string, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch tipo {
	case "boolean":
		return aBooleano(v)
	case "smallint", "integer", "bigint":
		return aEntero(v)
	case "timestamp with time zone", "timestamp without time zone":
		return aInstante(v)
	case "date":
		return aFecha(v)
	case "bytea":
		return aBytes(v)
	case "text", "character varying", "character", "json", "jsonb":
		return aTexto(v)
	case "uuid":
		return aUUID(v)
	}
	return v, nil
}

func aBooleano(v any) (any, error) {
	switch x := v.(type) {
	case bool:
		return x, nil
	case int64:
		if x == 0 || x == 1 {
			return x == 1, nil
		}
	case string:
		if b, err := strconv.ParseBool(x); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("%v no es un valor de verdad (0 o 1)", v)
}

func aEntero(v any) (any, error) {
	switch x := v.(type) {
	case int64:
		return x, nil
	case float64:
		if x == float64(int64(x)) {
			return int64(x), nil
		}
	case bool:
		if x {
			return int64(1), nil
		}
		return int64(0), nil
	case string:
		if n, err := strconv.ParseInt(x, 10, 64); err == nil {
			return n, nil
		}
	}
	return nil, fmt.Errorf("%v no es un número entero", v)
}

func aInstante(v any) (any, error) {
	switch x := v.(type) {
	case time.Time:
		return x, nil
	case string:
		for _, layout := range instantesSQLite {
			if t, err := time.Parse(layout, x); err == nil {
				return t, nil
			}
		}
	}
	return nil, fmt.Errorf("%v no es una fecha y hora", v)
}

// aFecha answers a date as text (2006-01-02): a time read from a DATE column
// keeps its own calendar day, whatever its zone.
func aFecha(v any) (any, error) {
	switch x := v.(type) {
	case time.Time:
		return x.Format(time.DateOnly), nil
	case string:
		if len(x) >= len(time.DateOnly) {
			if _, err := time.Parse(time.DateOnly, x[:len(time.DateOnly)]); err == nil {
				return x[:len(time.DateOnly)], nil
			}
		}
	}
	return nil, fmt.Errorf("%v no es una fecha", v)
}

func aBytes(v any) (any, error) {
	switch x := v.(type) {
	case []byte:
		return x, nil
	case string:
		return []byte(x), nil
	}
	return nil, fmt.Errorf("%v no son datos binarios", v)
}

func aTexto(v any) (any, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case []byte:
		return string(x), nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), nil
	case bool:
		return strconv.FormatBool(x), nil
	case time.Time:
		return x.Format(time.RFC3339Nano), nil
	}
	return nil, fmt.Errorf("%v no es un texto", v)
}

// aUUID answers a UUID as text: SQLite keeps it as text (checked by the
// target), or as its 16 bytes.
func aUUID(v any) (any, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case []byte:
		if len(x) == 16 {
			return fmt.Sprintf("%x-%x-%x-%x-%x", x[0:4], x[4:6], x[6:8], x[8:10], x[10:16]), nil
		}
		return string(x), nil
	}
	return nil, fmt.Errorf("%v no es un UUID", v)
}
