package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"time"

	"github.com/nomenhq/nomen/analyzers/entities"
	"github.com/nomenhq/nomen/analyzers/events"
	"github.com/nomenhq/nomen/analyzers/langid"
	"github.com/nomenhq/nomen/analyzers/morph"
	"github.com/nomenhq/nomen/analyzers/nametrans"
	"github.com/nomenhq/nomen/analyzers/semantics"
	"github.com/nomenhq/nomen/analyzers/sentiment"
	"github.com/nomenhq/nomen/analyzers/topics"
	"github.com/nomenhq/nomen/engine"
	matchname "github.com/nomenhq/nomen/matchers/name"
	"github.com/nomenhq/nomen/server"
)

// serveFlags are the flags of "nomen serve"; each also reads an environment variable.
type serveFlags struct {
	addr, config, keys, profiles, kb, gazetteers, events, logLevel string
}

func parseServeFlags(args []string, stderr io.Writer) (serveFlags, error) {
	var f serveFlags
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.addr, "addr", envDefault("NOMEN_ADDR", "127.0.0.1:8181"), "listen address HOST:PORT (env NOMEN_ADDR)")
	fs.StringVar(&f.config, "config", envDefault("NOMEN_CONFIG", ""), "YAML config file (env NOMEN_CONFIG)")
	fs.StringVar(&f.keys, "keys", envDefault("NOMEN_KEYS", ""), "YAML API keys file; without it the service is open (env NOMEN_KEYS)")
	fs.StringVar(&f.profiles, "profiles", envDefault("NOMEN_PROFILES", ""), "directory of extra parameter-universe profiles (env NOMEN_PROFILES)")
	fs.StringVar(&f.kb, "kb", envDefault("NOMEN_KB", ""), "knowledge-base index directory instead of the embedded default (env NOMEN_KB)")
	fs.StringVar(&f.gazetteers, "gazetteers", envDefault("NOMEN_GAZETTEERS", ""), "directory of entity list files <TYPE>[-<lang>].txt merged with the built-in gazetteers (env NOMEN_GAZETTEERS)")
	fs.StringVar(&f.events, "events", envDefault("NOMEN_EVENTS", ""), "directory of event-model (workspace) JSON files added to the built-in ones (env NOMEN_EVENTS)")
	fs.StringVar(&f.logLevel, "log-level", envDefault("NOMEN_LOG_LEVEL", "info"), "debug, info, warn or error (env NOMEN_LOG_LEVEL)")
	if err := fs.Parse(args); err != nil {
		return f, err
	}
	if fs.NArg() > 0 {
		return f, fmt.Errorf("serve: unexpected arguments %v", fs.Args())
	}
	return f, nil
}

func runServe(ctx context.Context, args []string, _, stderr io.Writer) error {
	f, err := parseServeFlags(args, stderr)
	if err != nil {
		return err
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(f.logLevel)); err != nil {
		return fmt.Errorf("serve: --log-level: %w", err)
	}
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: level})))

	cfg := server.DefaultConfig()
	if f.config != "" {
		if cfg, err = server.LoadConfig(f.config); err != nil {
			return err
		}
	}
	var keys *server.Keys
	if f.keys != "" {
		if keys, err = server.LoadKeys(f.keys); err != nil {
			return err
		}
	}
	svc, err := buildServices(f)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	host, _, _ := net.SplitHostPort(ln.Addr().String())
	switch {
	case keys == nil && !isLoopback(host):
		slog.Warn("!!! LISTENING ON A NON-LOOPBACK ADDRESS WITHOUT API KEYS: anyone who can reach " + ln.Addr().String() + " can use this service; pass --keys FILE !!!")
	case keys == nil:
		slog.Info("no keys file: the service is open to every caller on this host")
	default:
		slog.Info("API keys required", "keysFile", f.keys)
	}
	slog.Info("nomen listening", "addr", ln.Addr().String(), "version", svc.Build.Version)
	return server.New(cfg, keys, svc).Serve(ctx, ln)
}

func isLoopback(host string) bool {
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// buildServices wires the modules into the server.
func buildServices(f serveFlags) (server.Services, error) {
	svc := server.Services{Build: buildInfo(), Languages: server.NewLanguages()}
	eng, err := engine.New(f.profiles)
	if err != nil {
		return svc, err
	}
	svc.Engine = eng
	var namePairs []server.LangPair
	for _, p := range matchname.LanguagePairs() {
		namePairs = append(namePairs, server.LangPair{
			Source: server.PairSide{Language: p[0].Language, Script: p[0].Script},
			Target: server.PairSide{Language: p[1].Language, Script: p[1].Script},
		})
	}
	svc.Languages.AddPairs(server.OpNameSimilarity, namePairs)
	// Record similarity and deduplication compare names as name similarity does; their other
	// field types are language-neutral or use the address matcher.
	svc.Languages.AddPairs(server.OpRecordSimilarity, namePairs)
	svc.Languages.AddPairs(server.OpNameDedup, namePairs)
	var addrPairs []server.LangPair
	for _, l := range engine.AddressLanguages {
		side := server.PairSide{Language: l[0], Script: l[1]}
		addrPairs = append(addrPairs, server.LangPair{Source: side, Target: side})
	}
	svc.Languages.AddPairs(server.OpAddressSimilarity, addrPairs)
	var ntPairs []server.LangPair
	for _, p := range nametrans.SupportedPairs() {
		ntPairs = append(ntPairs, server.LangPair{
			Source: server.PairSide{Language: p.Source.Language, Script: p.Source.Script, TransliterationScheme: p.Source.Scheme},
			Target: server.PairSide{Language: p.Target.Language, Script: p.Target.Script, TransliterationScheme: p.Target.Scheme},
		})
	}
	svc.Languages.AddPairs(server.OpNameTranslation, ntPairs)

	det := langid.New()
	go func() {
		// Build the language models now rather than on the first request (about 9 s of CPU).
		start := time.Now()
		if err := det.Load(); err != nil {
			slog.Error("language models failed to load", "err", err.Error())
			return
		}
		slog.Info("language models ready", "seconds", time.Since(start).Seconds())
	}()
	svc.Language = det
	var langs []server.LangScript
	for _, l := range langid.SupportedLanguages() {
		langs = append(langs, server.LangScript{Language: l.Language, Script: l.Script})
	}
	svc.Languages.Add(server.OpLanguage, langs)

	svc.Morphology = true
	var morphLangs []server.LangScript
	for _, l := range morph.SupportedLanguages() {
		morphLangs = append(morphLangs, server.LangScript{Language: l.Language, Script: l.Script})
	}
	svc.Languages.Add(server.OpMorphology, morphLangs)

	svc.KB = loadKB(f.kb)
	// LOCATION and ORGANIZATION names that resolve to one knowledge-base entity match
	// (München/Munich); until the KB has opened, name scores are the string scores.
	eng.SetEntityResolver(server.NewKBResolver(svc.KB))

	mods, err := entities.Default(f.gazetteers, svc.KB.KB)
	if err != nil {
		return svc, err
	}
	svc.Entities = entities.New(mods)
	var entLangs, corefLangs []server.LangScript
	for _, l := range entities.Languages() {
		ls := server.LangScript{Language: l.Language, Script: l.Script}
		entLangs = append(entLangs, ls)
		if l.Coref {
			corefLangs = append(corefLangs, ls)
		}
	}
	svc.Languages.Add(server.OpEntities, entLangs)
	svc.Languages.Add(server.OpEntitiesCoref, corefLangs)

	sa, err := sentiment.Load()
	if err != nil {
		return svc, err
	}
	svc.Sentiment = sa
	svc.Languages.Add(server.OpSentiment, latin(sentiment.Languages()))

	ta, err := topics.Load()
	if err != nil {
		return svc, err
	}
	svc.Topics = ta
	svc.Languages.Add(server.OpTopics, latin(topics.Languages()))

	sem, err := semantics.Load("eng")
	if err != nil {
		return svc, err
	}
	svc.Semantics = sem
	svc.Languages.Add(server.OpSemanticsSimilar, latin(semantics.Languages()))
	svc.Languages.Add(server.OpSemanticsVector, latin(semantics.Languages()))

	reg, err := events.Default()
	if f.events != "" {
		reg, err = events.LoadDir(f.events)
	}
	if err != nil {
		return svc, err
	}
	svc.Events = reg
	return svc, nil
}

// latin lists languages written in the Latin script, as the English-only modules support them.
func latin(langs []string) []server.LangScript {
	out := make([]server.LangScript, len(langs))
	for i, l := range langs {
		out[i] = server.LangScript{Language: l, Script: "Latn"}
	}
	return out
}
