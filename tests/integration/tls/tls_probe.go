// Go's crypto/tls against nodecc (test_interop.py): standard library only, built by the test
// with the installed `go` (Go 1.19, Debian 12's, or newer), no modules.
//
//	tls_probe client URL [-ca F] [-cert F -key F] [-tls 1.2|1.3] [-alpn a,b] [-servername N]
//	                     [-count N]
//	  one GET per connection; prints per request
//	  "status <code> <version> <alpn|-> <resumed> <body's first line>", or "error <text>"
//	tls_probe server -cert F -key F [-ca F -request-cert]
//	  prints "port <n>"; answers as tls_test_server.cc does:
//	  "hello <url> <version> <alpn|-> <servername|-> <authorized> <peer CN|->"
package main

import (
	"bufio"
	"crypto/tls"
	"crypto/x509"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

func versionName(v uint16) string {
	switch v {
	case tls.VersionTLS12:
		return "TLSv1.2"
	case tls.VersionTLS13:
		return "TLSv1.3"
	}
	return fmt.Sprintf("0x%04x", v)
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func pool(path string) *x509.CertPool {
	pem, err := os.ReadFile(path)
	if err != nil {
		fail(err)
	}
	p := x509.NewCertPool()
	if !p.AppendCertsFromPEM(pem) {
		fail(fmt.Errorf("no certificate in %s", path))
	}
	return p
}

func fail(err error) {
	fmt.Println("error", err)
	os.Exit(1)
}

func client(args []string) {
	fs := flag.NewFlagSet("client", flag.ExitOnError)
	ca := fs.String("ca", "", "trusted CA (PEM)")
	cert := fs.String("cert", "", "client certificate")
	key := fs.String("key", "", "its key")
	version := fs.String("tls", "", "1.2 or 1.3: that version only")
	alpn := fs.String("alpn", "http/1.1", "ALPN protocols, comma-separated (\"\": none)")
	servername := fs.String("servername", "", "SNI and the name verified")
	count := fs.Int("count", 1, "requests, each on a new connection (sessions resumed)")
	url := args[0]
	if err := fs.Parse(args[1:]); err != nil {
		fail(err)
	}
	conf := &tls.Config{ServerName: *servername, ClientSessionCache: tls.NewLRUClientSessionCache(8)}
	if *ca != "" {
		conf.RootCAs = pool(*ca)
	}
	if *cert != "" {
		pair, err := tls.LoadX509KeyPair(*cert, *key)
		if err != nil {
			fail(err)
		}
		conf.Certificates = []tls.Certificate{pair}
	}
	switch *version {
	case "1.2":
		conf.MinVersion, conf.MaxVersion = tls.VersionTLS12, tls.VersionTLS12
	case "1.3":
		conf.MinVersion, conf.MaxVersion = tls.VersionTLS13, tls.VersionTLS13
	}
	if *alpn != "" {
		conf.NextProtos = strings.Split(*alpn, ",")
	}
	host := strings.TrimPrefix(url, "https://")
	path := "/"
	if i := strings.IndexByte(host, '/'); i >= 0 {
		host, path = host[:i], host[i:]
	}
	for i := 0; i < *count; i++ {
		dialer := &net.Dialer{Timeout: 10 * time.Second}
		c, err := tls.DialWithDialer(dialer, "tcp", strings.Replace(host, "localhost", "127.0.0.1", 1), withName(conf, host))
		if err != nil {
			fail(err)
		}
		c.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, host)
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			fail(err)
		}
		body, _ := io.ReadAll(res.Body)
		st := c.ConnectionState()
		fmt.Printf("status %d %s %s %v %s\n", res.StatusCode, versionName(st.Version),
			dash(st.NegotiatedProtocol), st.DidResume, strings.SplitN(string(body), "\n", 2)[0])
		c.Close()
	}
}

// withName: the configuration with ServerName defaulting to the URL's host (as a browser).
func withName(conf *tls.Config, hostport string) *tls.Config {
	if conf.ServerName != "" {
		return conf
	}
	c := conf.Clone()
	c.ServerName, _, _ = net.SplitHostPort(hostport)
	c.ClientSessionCache = conf.ClientSessionCache
	return c
}

func server(args []string) {
	fs := flag.NewFlagSet("server", flag.ExitOnError)
	cert := fs.String("cert", "", "server certificate")
	key := fs.String("key", "", "its key")
	ca := fs.String("ca", "", "CA of client certificates")
	requestCert := fs.Bool("request-cert", false, "require a client certificate")
	if err := fs.Parse(args); err != nil {
		fail(err)
	}
	pair, err := tls.LoadX509KeyPair(*cert, *key)
	if err != nil {
		fail(err)
	}
	conf := &tls.Config{Certificates: []tls.Certificate{pair}, NextProtos: []string{"http/1.1"}}
	if *requestCert {
		conf.ClientCAs = pool(*ca)
		conf.ClientAuth = tls.RequireAndVerifyClientCert
	}
	ln, err := tls.Listen("tcp", "127.0.0.1:0", conf)
	if err != nil {
		fail(err)
	}
	fmt.Printf("port %d\n", ln.Addr().(*net.TCPAddr).Port)
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := r.TLS
		peer, authorized := "-", false
		if len(st.VerifiedChains) > 0 {
			peer, authorized = st.PeerCertificates[0].Subject.CommonName, true
		}
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "hello %s %s %s %s %v %s\n", r.URL.Path, versionName(st.Version),
			dash(st.NegotiatedProtocol), dash(st.ServerName), authorized, peer)
	})
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); err != nil {
		fail(err)
	}
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: tls_probe client URL [flags] | tls_probe server [flags]")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "client":
		client(os.Args[2:])
	case "server":
		server(os.Args[2:])
	default:
		fail(fmt.Errorf("unknown mode %q", os.Args[1]))
	}
}
