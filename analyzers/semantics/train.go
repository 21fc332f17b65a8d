package semantics

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"gonum.org/v1/gonum/mat"
)

// Training settings, fixed before any evaluation (see MODELS.md).
const (
	dims         = 150   // vector dimensions kept
	oversample   = 20    // extra random directions of the randomized SVD
	powerIters   = 3     // power iterations of the randomized SVD
	maxSenses    = 8     // senses of a lemma (per part of speech) that give it features
	hyperDepth   = 3     // hypernym levels followed
	multiTopRank = 15000 // a multiword lemma is kept when all its words are this frequent...
	singularExp  = 0.5   // vectors are U·Σ^singularExp
	glossStop    = 150   // the most frequent words are no gloss features
)

// wordFreqPath is the English word-frequency list (rank order) under the data directory.
const wordFreqPath = "wordfreq-opensubtitles2018/en_50k.txt.gz"

// RunTrain is "nomen train semantics": it builds the English word vectors from WordNet and
// writes <out>/eng.vec.gz. The same data give a byte-identical file.
func RunTrain(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("train semantics", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", "../shared/data", "data directory")
	out := fs.String("out", filepath.Join("analyzers", "semantics", "data"), "output directory")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("semantics: train: %w", err)
	}
	m, err := Train(ctx, *data, stdout)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := m.write(&buf); err != nil {
		return fmt.Errorf("semantics: train: %w", err)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("semantics: train: %w", err)
	}
	path := filepath.Join(*out, "eng"+modelSuffix)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("semantics: train: %w", err)
	}
	fmt.Fprintf(stdout, "semantics: wrote %s (%d bytes, %d terms × %d dimensions)\n", path, buf.Len(), len(m.terms), m.dim)
	return nil
}

// readRanks reads the frequency list: lower-case word → rank (0 = most frequent).
func readRanks(dataDir string) (map[string]int, error) {
	f, err := os.Open(filepath.Join(dataDir, wordFreqPath))
	if err != nil {
		return nil, fmt.Errorf("semantics: %w", err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("semantics: %s: %w", wordFreqPath, err)
	}
	ranks := map[string]int{}
	sc := bufio.NewScanner(z)
	for sc.Scan() {
		w, _, _ := strings.Cut(sc.Text(), " ")
		w = strings.ToLower(w)
		if _, ok := ranks[w]; !ok && w != "" {
			ranks[w] = len(ranks)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("semantics: %s: %w", wordFreqPath, err)
	}
	return ranks, nil
}

// vocabulary returns the lemmas that get vectors, sorted: single words of the frequency
// list, and multiword lemmas that are sense-tagged in WordNet's concordance or made of
// frequent words.
func vocabulary(wn *wordNet, ranks map[string]int) []string {
	var out []string
	for lemma := range wn.senses {
		parts := strings.Fields(lemma)
		keep := false
		switch {
		case len(parts) == 1:
			_, keep = ranks[lemma]
		case len(parts) <= 4:
			keep = wn.tagged[lemma] > 0
			if !keep {
				keep = true
				for _, p := range parts {
					if r, ok := ranks[p]; !ok || r >= multiTopRank {
						keep = false
						break
					}
				}
			}
		}
		if keep {
			out = append(out, lemma)
		}
	}
	sort.Strings(out)
	return out
}

// features returns the WordNet features of a lemma, one group per sense: its synset, the
// synset's hypernyms up to hyperDepth levels, related synsets (similar, derivation,
// pertainym, attribute, also-see, holonyms, domain, direct hyponyms) and the content words
// of its definition. weights gives each group's weight: a part of speech gets its share of
// the lemma's sense-tagged occurrences in WordNet's concordance (cntlist.rev, add-one),
// split over its senses by senseWeight (earlier senses are the more frequent).
func features(wn *wordNet, lemma string, stop map[string]bool) (groups []map[string]float64, weights []float64) {
	posTotal, npos := 0, 0
	seen := map[byte]bool{}
	for _, key := range wn.senses[lemma] {
		if !seen[key[0]] {
			seen[key[0]] = true
			npos++
			posTotal += wn.occurrences[lemma+"/"+string(key[0])]
		}
	}
	rank, prev := 0, byte(0)
	harm := map[byte]float64{} // Σ 1/rank over the kept senses of each part of speech
	for _, key := range wn.senses[lemma] {
		if key[0] != prev {
			rank, prev = 0, key[0]
		}
		rank++
		if rank <= maxSenses {
			harm[key[0]] += senseWeight(rank)
		}
	}
	rank, prev = 0, 0
	for _, key := range wn.senses[lemma] {
		if key[0] != prev {
			rank, prev = 0, key[0]
		}
		rank++
		if rank > maxSenses {
			continue
		}
		share := float64(wn.occurrences[lemma+"/"+string(key[0])]+1) / float64(posTotal+npos)
		g := map[string]float64{}
		add := func(f string, w float64) { g[f] += w }
		s := wn.synsets[key]
		add(key, 1)
		level := []string{key}
		for d := 1; d <= hyperDepth; d++ {
			var next []string
			for _, k := range level {
				for _, p := range wn.synsets[k].ptrs {
					if p.sym == "@" || p.sym == "@i" {
						next = append(next, p.target)
					}
				}
			}
			for _, k := range next {
				add(k, math.Pow(0.5, float64(d)))
			}
			level = next
		}
		hypo := 0
		for _, p := range s.ptrs {
			if p.sym == "~" || p.sym == "~i" {
				hypo++
			}
		}
		for _, p := range s.ptrs {
			switch p.sym {
			case "&", "+", "\\", "=", "^", "<":
				add(p.target, 0.5)
			case "#m", "#s", "#p", ";c":
				add(p.target, 0.3)
			case "~", "~i":
				add(p.target, 0.3/math.Sqrt(float64(hypo)))
			}
		}
		for _, w := range glossWords(s.gloss) {
			if !stop[w] {
				add("g:"+w, 0.25)
			}
		}
		groups = append(groups, g)
		weights = append(weights, share*senseWeight(rank)/harm[key[0]])
	}
	return groups, weights
}

// glossWords splits a definition into lower-case words of letters.
func glossWords(gloss string) []string {
	return strings.FieldsFunc(strings.ToLower(gloss), func(r rune) bool { return !unicode.IsLetter(r) && r != '-' })
}

// Train builds the English term vectors from WordNet: a term × feature matrix of
// tf-idf-weighted WordNet features (rows normalised), reduced by a randomized SVD
// (seeded, so deterministic) to dims dimensions, rows normalised and quantized to int8.
func Train(ctx context.Context, dataDir string, log io.Writer) (*Model, error) {
	wn, err := readWordNet(dataDir)
	if err != nil {
		return nil, err
	}
	ranks, err := readRanks(dataDir)
	if err != nil {
		return nil, err
	}
	stop := map[string]bool{}
	for w, r := range ranks {
		if r < glossStop {
			stop[w] = true
		}
	}
	vocab := vocabulary(wn, ranks)
	fmt.Fprintf(log, "semantics: %d synsets, %d lemmas, %d terms kept\n", len(wn.synsets), len(wn.senses), len(vocab))

	// Sparse rows: feature ids in first-seen order over the sorted vocabulary. Each sense's
	// group is tf-idf weighted, normalised and weighted, so a sense with many relations
	// does not outweigh a more frequent one; then each row is normalised.
	fid := map[string]int{}
	type cell struct {
		col int
		v   float64
	}
	var df []int
	groupsOf := make([][]map[string]float64, len(vocab))
	weightsOf := make([][]float64, len(vocab))
	for i, lemma := range vocab {
		groupsOf[i], weightsOf[i] = features(wn, lemma, stop)
		present := map[int]bool{}
		for _, g := range groupsOf[i] {
			names := make([]string, 0, len(g))
			for f := range g {
				names = append(names, f)
			}
			sort.Strings(names) // feature ids must not depend on map order
			for _, f := range names {
				id, ok := fid[f]
				if !ok {
					id = len(fid)
					fid[f] = id
					df = append(df, 0)
				}
				present[id] = true
			}
		}
		for id := range present {
			df[id]++
		}
	}
	n, m := len(vocab), len(fid)
	rows := make([][]cell, n)
	for i := range vocab {
		acc := map[int]float64{}
		// Sums run in feature-id order, so that the result does not depend on map order.
		for gi, g := range groupsOf[i] {
			tmp := make([]cell, 0, len(g))
			for f, w := range g {
				id := fid[f]
				tmp = append(tmp, cell{id, w * math.Log(float64(n)/float64(df[id]))})
			}
			sort.Slice(tmp, func(a, b int) bool { return tmp[a].col < tmp[b].col })
			var norm float64
			for _, c := range tmp {
				norm += c.v * c.v
			}
			if norm == 0 {
				continue
			}
			scale := weightsOf[i][gi] / math.Sqrt(norm)
			for _, c := range tmp {
				acc[c.col] += c.v * scale
			}
		}
		row := make([]cell, 0, len(acc))
		for c, v := range acc {
			row = append(row, cell{c, v})
		}
		sort.Slice(row, func(a, b int) bool { return row[a].col < row[b].col })
		var norm float64
		for _, c := range row {
			norm += c.v * c.v
		}
		norm = math.Sqrt(norm)
		for k := range row {
			if norm > 0 {
				row[k].v /= norm
			}
		}
		rows[i] = row
		groupsOf[i] = nil
	}
	fmt.Fprintf(log, "semantics: %d × %d matrix\n", n, m)
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	// Randomized SVD (Halko, Martinsson and Tropp 2011): Y = (A Aᵀ)^q A Ω, Q = orth(Y),
	// B Bᵀ = Qᵀ A Aᵀ Q = V Λ Vᵀ, U = Q V, Σ = √Λ.
	l := dims + oversample
	mulA := func(x *mat.Dense) *mat.Dense { // A · x, x is m × l
		y := mat.NewDense(n, l, nil)
		for i, row := range rows {
			out := y.RawRowView(i)
			for _, c := range row {
				xr := x.RawRowView(c.col)
				for j := range out {
					out[j] += c.v * xr[j]
				}
			}
		}
		return y
	}
	mulAT := func(y *mat.Dense) *mat.Dense { // Aᵀ · y, y is n × l
		x := mat.NewDense(m, l, nil)
		for i, row := range rows {
			yr := y.RawRowView(i)
			for _, c := range row {
				out := x.RawRowView(c.col)
				for j := range out {
					out[j] += c.v * yr[j]
				}
			}
		}
		return x
	}
	rng := rand.New(rand.NewPCG(20261123, 7))
	omega := mat.NewDense(m, l, nil)
	for i := 0; i < m; i++ {
		r := omega.RawRowView(i)
		for j := range r {
			r[j] = rng.NormFloat64()
		}
	}
	y := orth(mulA(omega))
	for q := 0; q < powerIters; q++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		y = orth(mulA(orth(mulAT(y))))
	}
	z := mulAT(y) // Aᵀ Q: m × l
	var c mat.SymDense
	c.SymOuterK(1, z.T())
	var eig mat.EigenSym
	if !eig.Factorize(&c, true) {
		return nil, fmt.Errorf("semantics: train: eigendecomposition failed")
	}
	vals := eig.Values(nil)
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	order := make([]int, l)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return vals[order[a]] > vals[order[b]] })
	proj := mat.NewDense(l, dims, nil)
	for k := 0; k < dims; k++ {
		scale := math.Pow(math.Sqrt(math.Max(vals[order[k]], 0)), singularExp)
		for i := 0; i < l; i++ {
			v := vecs.At(i, order[k]) * scale
			// A fixed sign per dimension, so that the output does not depend on the
			// eigensolver's choice.
			proj.Set(i, k, v)
		}
	}
	var u mat.Dense
	u.Mul(y, proj) // n × dims
	for k := 0; k < dims; k++ {
		var s float64
		for i := 0; i < n; i++ {
			s += u.At(i, k)
		}
		if s < 0 {
			for i := 0; i < n; i++ {
				u.Set(i, k, -u.At(i, k))
			}
		}
	}
	model := &Model{dim: dims, sparse: &sparseIndex{rows: make([]sparseRow, n)}}
	for i, row := range rows {
		ids, vals := make([]int, len(row)), make([]float64, len(row))
		for k, c := range row {
			ids[k], vals[k] = c.col, c.v
		}
		model.sparse.rows[i] = newSparseRow(ids, vals, sparseK)
	}
	model.sparse.build()
	for i, lemma := range vocab {
		v := u.RawRowView(i)
		model.add(display(wn, lemma), rankOf(lemma, ranks), v)
	}
	model.index()
	addAliases(model, wn, ranks)
	fmt.Fprintf(log, "semantics: %d inflected forms point to their lemma's term\n", len(model.aliases))
	fmt.Fprintf(log, "semantics: top singular values %s\n", topValues(vals, order))
	return model, nil
}

// detachments are WordNet's morphy suffix rules (suffix → replacement), tried in order.
var detachments = [][2]string{
	{"ies", "y"}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"},
	{"es", "e"}, {"es", ""}, {"s", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""},
	{"est", "e"}, {"est", ""}, {"er", "e"}, {"er", ""},
}

// addAliases points inflected forms to their lemma's term: WordNet's irregular forms
// ("went" → "go", "better" → "good") and the words of the frequency list that morphy's
// suffix rules reduce to a term ("spies" → "spy", "cheaper" → "cheap", "running" → "run"),
// unless the form is a term itself.
func addAliases(m *Model, wn *wordNet, ranks map[string]int) {
	forms := make([]string, 0, len(wn.exc)+len(ranks))
	for f := range wn.exc {
		forms = append(forms, f)
	}
	for w := range ranks {
		if _, ok := wn.exc[w]; !ok {
			forms = append(forms, w)
		}
	}
	sort.Strings(forms)
	for _, form := range forms {
		key := fold(form)
		if m.has(key) {
			continue
		}
		if lemmas, ok := wn.exc[form]; ok {
			for _, l := range lemmas {
				if i, ok := m.byKey[fold(l)]; ok {
					m.addAlias(key, i)
					break
				}
			}
			continue
		}
		for _, d := range detachments {
			if !strings.HasSuffix(key, d[0]) || len(key) <= len(d[0])+1 {
				continue
			}
			stem := key[:len(key)-len(d[0])]
			cands := []string{stem + d[1]}
			// A doubled final consonant before -ing, -ed, -er, -est: "running" → "run".
			if n := len(stem); d[1] == "" && n >= 3 && stem[n-1] == stem[n-2] && !strings.ContainsRune("aeiouls", rune(stem[n-1])) {
				cands = append(cands, stem[:n-1])
			}
			found := false
			for _, c := range cands {
				// The lemma is a common word of three letters or more, not a name or an
				// abbreviation ("was" is not "WA").
				if i, ok := m.byKey[c]; ok && len(c) >= 3 && m.terms[i] == c {
					m.addAlias(key, i)
					found = true
					break
				}
			}
			if found {
				break
			}
		}
	}
}

// orth returns an orthonormal basis of the columns of a (modified Gram–Schmidt, twice
// for numerical safety); a column that vanishes stays zero.
func orth(a *mat.Dense) *mat.Dense {
	r, c := a.Dims()
	cols := make([][]float64, c)
	for j := range cols {
		cols[j] = make([]float64, r)
		for i := 0; i < r; i++ {
			cols[j][i] = a.At(i, j)
		}
	}
	for pass := 0; pass < 2; pass++ {
		for j := range cols {
			for k := 0; k < j; k++ {
				var d float64
				for i, v := range cols[j] {
					d += v * cols[k][i]
				}
				for i := range cols[j] {
					cols[j][i] -= d * cols[k][i]
				}
			}
			var norm float64
			for _, v := range cols[j] {
				norm += v * v
			}
			norm = math.Sqrt(norm)
			for i := range cols[j] {
				if norm > 1e-12 {
					cols[j][i] /= norm
				} else {
					cols[j][i] = 0
				}
			}
		}
	}
	q := mat.NewDense(r, c, nil)
	for j := range cols {
		for i, v := range cols[j] {
			q.Set(i, j, v)
		}
	}
	return q
}

func topValues(vals []float64, order []int) string {
	var b strings.Builder
	for k := 0; k < 5 && k < len(order); k++ {
		b.WriteString(strconv.FormatFloat(math.Sqrt(math.Max(vals[order[k]], 0)), 'f', 2, 64))
		b.WriteByte(' ')
	}
	return strings.TrimSpace(b.String())
}

// display is how a lemma is written: as WordNet writes it in its first synset ("Paris",
// "Einstein", "secret agent").
func display(wn *wordNet, lemma string) string {
	for _, key := range wn.senses[lemma] {
		for _, w := range wn.synsets[key].words {
			if strings.EqualFold(w, lemma) {
				return w
			}
		}
	}
	return lemma
}

// rankOf is a term's frequency rank: a single word's own, a multiword term's rarest word's,
// and len(ranks) for words outside the list.
func rankOf(lemma string, ranks map[string]int) int {
	worst := 0
	for _, p := range strings.Fields(lemma) {
		r, ok := ranks[p]
		if !ok {
			r = len(ranks)
		}
		worst = max(worst, r)
	}
	return worst
}

// senseWeight is the weight of a lemma's rank-th sense of a part of speech before the
// weights are made to sum to the part of speech's share: 1/rank (1/rank² was worse on all
// three development figures, see MODELS.md).
func senseWeight(rank int) float64 { return 1 / float64(rank) }
