// Hello-world server of the hello-blog-next study: Gin in release mode with gin.New() (no logger
// or recovery middleware, as a benchmark of the router and its context), Go's threads.
package main

import (
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/gin-gonic/gin"
)

func env(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}

func main() {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.GET("/health", func(c *gin.Context) { c.String(http.StatusOK, "ok") })
	r.GET("/", func(c *gin.Context) { c.String(http.StatusOK, "Hello, World!") })
	// GET /json: gin's c.JSON, which encodes with encoding/json unless built with another tag
	r.GET("/json", func(c *gin.Context) {
		c.JSON(http.StatusOK, gin.H{"message": "Hello from Pi", "timestamp": time.Now().UnixMilli()})
	})
	// GET /sleep: time.Sleep parks the handler's goroutine; the runtime's threads serve others
	r.GET("/sleep", func(c *gin.Context) {
		time.Sleep(50 * time.Millisecond)
		c.String(http.StatusOK, "Hello, World!")
	})
	addr := net.JoinHostPort(env("BIND", "127.0.0.1"), env("PORT", "8080"))
	log.Printf("go-gin listening on %s", addr)
	log.Fatal(r.Run(addr))
}
