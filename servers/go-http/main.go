// Hello-world server of the hello-blog, hello-blog-next and app-servers studies: the standard
// library's net/http with an http.NewServeMux, as the blog post and costajob/app-servers ran it.
package main

import (
	"encoding/json"
	"log"
	"net"
	"net/http"
	"os"
	"time"
)

// sleepFor is GET /sleep's wait: servers.md's 50 ms of simulated I/O.
const sleepFor = 50 * time.Millisecond

type greeting struct {
	Message   string `json:"message"`
	Timestamp int64  `json:"timestamp"`
}

func env(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}

func writeText(w http.ResponseWriter, body string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte(body))
}

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) { writeText(w, "ok") })
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { writeText(w, "Hello, World!") })
	// GET /json: Go's usual JSON call, encoding/json's Encoder on the response
	mux.HandleFunc("GET /json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if err := json.NewEncoder(w).Encode(greeting{"Hello from Pi", time.Now().UnixMilli()}); err != nil {
			log.Printf("GET /json: %v", err)
		}
	})
	// GET /sleep: time.Sleep in the handler's goroutine, which parks it; the runtime's threads
	// serve the other connections meanwhile
	mux.HandleFunc("GET /sleep", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(sleepFor)
		writeText(w, "Hello, World!")
	})
	addr := net.JoinHostPort(env("BIND", "127.0.0.1"), env("PORT", "8080"))
	log.Printf("go-http listening on %s", addr)
	log.Fatal(http.ListenAndServe(addr, mux))
}
