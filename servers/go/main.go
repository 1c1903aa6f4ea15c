// Reference server for the go stack: net/http (Go 1.22 method patterns) and database/sql with
// modernc.org/sqlite, the SQLite C code transpiled to Go (no cgo).
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

type server struct {
	db *sql.DB
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
	res, err := s.db.ExecContext(r.Context(),
		"INSERT INTO items (name, description, price, quantity) VALUES (?, ?, ?, ?)",
		it.Name, it.Description, it.Price, it.Quantity)
	if err == nil {
		it.ID, err = res.LastInsertId()
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
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
	err := s.db.QueryRowContext(r.Context(),
		"SELECT id, name, description, price, quantity FROM items WHERE id = ?", id).
		Scan(&it.ID, &it.Name, &it.Description, &it.Price, &it.Quantity)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		writeError(w, http.StatusNotFound, "not found")
	case err != nil:
		writeError(w, http.StatusInternalServerError, err.Error())
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
	rows, err := s.db.QueryContext(r.Context(),
		"SELECT id, name, description, price, quantity FROM items ORDER BY id LIMIT ? OFFSET ?", limit, offset)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	defer rows.Close()
	items := make([]item, 0, limit)
	for rows.Next() {
		var it item
		if err := rows.Scan(&it.ID, &it.Name, &it.Description, &it.Price, &it.Quantity); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		items = append(items, it)
	}
	if err := rows.Err(); err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
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
	res, err := s.db.ExecContext(r.Context(),
		"UPDATE items SET name = ?, description = ?, price = ?, quantity = ? WHERE id = ?",
		it.Name, it.Description, it.Price, it.Quantity, id)
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	switch {
	case err != nil:
		writeError(w, http.StatusInternalServerError, err.Error())
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
	res, err := s.db.ExecContext(r.Context(), "DELETE FROM items WHERE id = ?", id)
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	switch {
	case err != nil:
		writeError(w, http.StatusInternalServerError, err.Error())
	case n == 0:
		writeError(w, http.StatusNotFound, "not found")
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

func main() {
	addr := net.JoinHostPort(env("BIND", "127.0.0.1"), env("PORT", "8080"))
	// The pragmas are applied to every connection the pool opens.
	dsn := "file:" + env("DB_PATH", "./items.db") +
		"?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(5000)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		log.Fatal(err)
	}
	// database/sql keeps only 2 idle connections by default and would reopen SQLite files under
	// load; keep 2 per core open, as many as the other stacks' worker threads.
	conns := 2 * runtime.NumCPU()
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	if _, err := db.Exec(`CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY,
		name TEXT NOT NULL, description TEXT NOT NULL, price REAL NOT NULL, quantity INTEGER NOT NULL)`); err != nil {
		log.Fatal(err)
	}
	s := &server{db: db}

	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) { writeText(w, "ok") })
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { writeText(w, "Hello, World!") })
	mux.HandleFunc("POST /items", s.createItem)
	mux.HandleFunc("GET /items", s.listItems)
	mux.HandleFunc("GET /items/{id}", s.getItem)
	mux.HandleFunc("PUT /items/{id}", s.updateItem)
	mux.HandleFunc("DELETE /items/{id}", s.deleteItem)

	log.Printf("listening on %s", addr)
	log.Fatal(http.ListenAndServe(addr, mux))
}
