// Reference server for the go stack: net/http (Go 1.22 method patterns) and database/sql with
// modernc.org/sqlite, the SQLite C code transpiled to Go (no cgo).
//
// Connection policy (servers/README.md): one write connection (a database/sql pool capped at one
// open connection, so writes queue for it) and a read pool of one connection per available core.
// Every statement is prepared once with DB.Prepare; database/sql prepares it on each connection
// of its pool the first time that connection runs it and reuses it from then on.
package main

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"strings"

	_ "modernc.org/sqlite"
)

const (
	defaultLimit = 100
	maxLimit     = 1000
)

type item struct {
	ID          int64   `json:"id"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Price       float64 `json:"price"`
	Quantity    int64   `json:"quantity"`
}

// itemInput uses pointers so that a missing field is told apart from a zero value.
type itemInput struct {
	Name        *string  `json:"name"`
	Description *string  `json:"description"`
	Price       *float64 `json:"price"`
	Quantity    *int64   `json:"quantity"`
}

// The pragmas every connection is opened with (servers/README.md), in SQLite's own spelling.
var pragmas = []string{
	"journal_mode(WAL)", "synchronous(NORMAL)", "busy_timeout(5000)",
	"cache_size(-2000)", "temp_store(MEMORY)", "mmap_size(0)",
}

type server struct {
	read, write            *sql.DB
	readConns              int
	insert, update, delete *sql.Stmt
	get, list              *sql.Stmt
}

func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok && v != "" {
		return v
	}
	return def
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func writeText(w http.ResponseWriter, body string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte(body))
}

// internalError logs the cause and answers 500 without it: a body never carries driver messages.
func internalError(w http.ResponseWriter, err error) {
	log.Printf("internal error: %v", err)
	writeError(w, http.StatusInternalServerError, "internal error")
}

func pathID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	raw := r.PathValue("id")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("id must be an integer, found %q", raw))
		return 0, false
	}
	return id, true
}

func decodeItem(w http.ResponseWriter, r *http.Request) (item, bool) {
	var in itemInput
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeError(w, http.StatusBadRequest, "invalid JSON body: "+err.Error())
		return item{}, false
	}
	switch {
	case in.Name == nil:
		writeError(w, http.StatusBadRequest, "missing field: name")
	case in.Description == nil:
		writeError(w, http.StatusBadRequest, "missing field: description")
	case in.Price == nil:
		writeError(w, http.StatusBadRequest, "missing field: price")
	case in.Quantity == nil:
		writeError(w, http.StatusBadRequest, "missing field: quantity")
	default:
		return item{Name: *in.Name, Description: *in.Description, Price: *in.Price, Quantity: *in.Quantity}, true
	}
	return item{}, false
}

func queryInt(q url.Values, name string, def, min, max int64) (int64, error) {
	raw, ok := q[name]
	if !ok {
		return def, nil
	}
	v, err := strconv.ParseInt(raw[0], 10, 64)
	if err != nil || v < min || v > max {
		return 0, fmt.Errorf("%s must be an integer in [%d, %d], found %q", name, min, max, raw[0])
	}
	return v, nil
}

func (s *server) createItem(w http.ResponseWriter, r *http.Request) {
	it, ok := decodeItem(w, r)
	if !ok {
		return
	}
	res, err := s.insert.ExecContext(r.Context(), it.Name, it.Description, it.Price, it.Quantity)
	if err == nil {
		it.ID, err = res.LastInsertId()
	}
	if err != nil {
		internalError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, it)
}

func (s *server) getItem(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	var it item
	err := s.get.QueryRowContext(r.Context(), id).Scan(&it.ID, &it.Name, &it.Description, &it.Price, &it.Quantity)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		writeError(w, http.StatusNotFound, "not found")
	case err != nil:
		internalError(w, err)
	default:
		writeJSON(w, http.StatusOK, it)
	}
}

func (s *server) listItems(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit, err := queryInt(q, "limit", defaultLimit, 1, maxLimit)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	offset, err := queryInt(q, "offset", 0, 0, math.MaxInt64)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	rows, err := s.list.QueryContext(r.Context(), limit, offset)
	if err != nil {
		internalError(w, err)
		return
	}
	defer rows.Close()
	items := make([]item, 0, limit)
	for rows.Next() {
		var it item
		if err := rows.Scan(&it.ID, &it.Name, &it.Description, &it.Price, &it.Quantity); err != nil {
			internalError(w, err)
			return
		}
		items = append(items, it)
	}
	if err := rows.Err(); err != nil {
		internalError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, items)
}

func (s *server) updateItem(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	it, ok := decodeItem(w, r)
	if !ok {
		return
	}
	res, err := s.update.ExecContext(r.Context(), it.Name, it.Description, it.Price, it.Quantity, id)
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	switch {
	case err != nil:
		internalError(w, err)
	case n == 0:
		writeError(w, http.StatusNotFound, "not found")
	default:
		it.ID = id
		writeJSON(w, http.StatusOK, it)
	}
}

func (s *server) deleteItem(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	res, err := s.delete.ExecContext(r.Context(), id)
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	switch {
	case err != nil:
		internalError(w, err)
	case n == 0:
		writeError(w, http.StatusNotFound, "not found")
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

// diag answers GET /diag: the SQLite version and the pragmas as a read connection reports them,
// read back with PRAGMA queries (never echoed from the constants above).
func (s *server) diag(w http.ResponseWriter, r *http.Request) {
	conn, err := s.read.Conn(r.Context())
	if err != nil {
		internalError(w, err)
		return
	}
	defer conn.Close()
	var version, journal string
	var synchronous, busy, cache, temp, mmap int64
	err = conn.QueryRowContext(r.Context(), "SELECT sqlite_version()").Scan(&version)
	for _, p := range []struct {
		name string
		dst  any
	}{{"journal_mode", &journal}, {"synchronous", &synchronous}, {"busy_timeout", &busy},
		{"cache_size", &cache}, {"temp_store", &temp}, {"mmap_size", &mmap}} {
		if err == nil {
			err = conn.QueryRowContext(r.Context(), "PRAGMA "+p.name).Scan(p.dst)
		}
	}
	if err != nil {
		internalError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"sqlite_version": version,
		"pragmas": map[string]any{
			"journal_mode": strings.ToLower(journal), "synchronous": synchronous, "busy_timeout": busy,
			"cache_size": cache, "temp_store": temp, "mmap_size": mmap,
		},
		"runtime":     runtime.Version(),
		"framework":   "net/http",
		"connections": map[string]int{"read": s.readConns, "write": 1},
	})
}

// open returns a database/sql pool of at most n connections, each opened with the pragmas, kept
// open for the life of the process (database/sql would otherwise close all but 2 idle ones).
func open(path string, n int) *sql.DB {
	dsn := "file:" + path + "?_pragma=" + strings.Join(pragmas, "&_pragma=")
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		log.Fatal(err)
	}
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	return db
}

func prepare(db *sql.DB, query string) *sql.Stmt {
	st, err := db.Prepare(query)
	if err != nil {
		log.Fatal(err)
	}
	return st
}

func main() {
	addr := net.JoinHostPort(env("BIND", "127.0.0.1"), env("PORT", "8080"))
	path := env("DB_PATH", "./items.db")
	// runtime.NumCPU is the number of CPUs this process may run on (its affinity mask); one
	// process, so the read pool has one connection per core.
	readConns := max(1, runtime.NumCPU())
	s := &server{write: open(path, 1), read: open(path, readConns), readConns: readConns}
	if _, err := s.write.Exec(`CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY,
		name TEXT NOT NULL, description TEXT NOT NULL, price REAL NOT NULL, quantity INTEGER NOT NULL)`); err != nil {
		log.Fatal(err)
	}
	s.insert = prepare(s.write, "INSERT INTO items (name, description, price, quantity) VALUES (?, ?, ?, ?)")
	s.update = prepare(s.write, "UPDATE items SET name = ?, description = ?, price = ?, quantity = ? WHERE id = ?")
	s.delete = prepare(s.write, "DELETE FROM items WHERE id = ?")
	s.get = prepare(s.read, "SELECT id, name, description, price, quantity FROM items WHERE id = ?")
	s.list = prepare(s.read, "SELECT id, name, description, price, quantity FROM items ORDER BY id LIMIT ? OFFSET ?")

	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) { writeText(w, "ok") })
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { writeText(w, "Hello, World!") })
	mux.HandleFunc("GET /diag", s.diag)
	mux.HandleFunc("POST /items", s.createItem)
	mux.HandleFunc("GET /items", s.listItems)
	mux.HandleFunc("GET /items/{id}", s.getItem)
	mux.HandleFunc("PUT /items/{id}", s.updateItem)
	mux.HandleFunc("DELETE /items/{id}", s.deleteItem)

	log.Printf("listening on %s; %d read connections, 1 write connection", addr, readConns)
	log.Fatal(http.ListenAndServe(addr, mux))
}
