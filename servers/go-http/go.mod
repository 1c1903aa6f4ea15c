module tpm/servers/go-http

go 1.26.0
