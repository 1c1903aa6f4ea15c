// Hello-world server of the hello-blog-next study: valyala/fasthttp's own server and request
// context (not net/http), one goroutine per connection from fasthttp's worker pool.
package main

import (
	"encoding/json"
	"log"
	"net"
	"os"
	"time"

	"github.com/valyala/fasthttp"
)

func env(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}

type greeting struct {
	Message   string `json:"message"`
	Timestamp int64  `json:"timestamp"`
}

func text(ctx *fasthttp.RequestCtx, body string) {
	ctx.SetContentType("text/plain; charset=utf-8")
	ctx.SetBodyString(body)
}

func handler(ctx *fasthttp.RequestCtx) {
	if !ctx.IsGet() {
		ctx.Error("not found", fasthttp.StatusNotFound)
		return
	}
	switch string(ctx.Path()) {
	case "/":
		text(ctx, "Hello, World!")
	case "/health":
		text(ctx, "ok")
	case "/json":
		// fasthttp has no JSON helper of its own: encoding/json into the response body
		ctx.SetContentType("application/json")
		if err := json.NewEncoder(ctx).Encode(greeting{"Hello from Pi", time.Now().UnixMilli()}); err != nil {
			ctx.Error("internal error", fasthttp.StatusInternalServerError)
		}
	case "/sleep":
		// time.Sleep parks this connection's goroutine; the runtime's threads serve the others
		time.Sleep(50 * time.Millisecond)
		text(ctx, "Hello, World!")
	default:
		ctx.Error("not found", fasthttp.StatusNotFound)
	}
}

func main() {
	addr := net.JoinHostPort(env("BIND", "127.0.0.1"), env("PORT", "8080"))
	log.Printf("go-fasthttp listening on %s", addr)
	server := &fasthttp.Server{Handler: handler, Name: "go-fasthttp"}
	log.Fatal(server.ListenAndServe(addr))
}
