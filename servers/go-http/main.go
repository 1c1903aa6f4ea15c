// Hello-world server of the hello-blog and app-servers studies: the standard library's net/http
// with an http.NewServeMux, as the blog post and costajob/app-servers ran it.
package main

import (
	"log"
	"net"
	"net/http"
	"os"
)

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
	addr := net.JoinHostPort(env("BIND", "127.0.0.1"), env("PORT", "8080"))
	log.Printf("go-http listening on %s", addr)
	log.Fatal(http.ListenAndServe(addr, mux))
}
