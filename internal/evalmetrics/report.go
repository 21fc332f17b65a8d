package evalmetrics

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
)

// sweepThresholds are the thresholds WriteReport tabulates: 0.50 to 0.95 in
// steps of 0.05, then 0.99.
var sweepThresholds = []float64{0.50, 0.55, 0.60, 0.65, 0.70, 0.75, 0.80, 0.85, 0.90, 0.95, 0.99}

// stickyWriter remembers the first write error and drops later writes.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// fmtAUC formats an AUC, or "n/a" when it is undefined.
func fmtAUC(auc float64, pos, neg int) string {
	if pos == 0 || neg == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.4f", auc)
}

// accuracy returns the share of correct decisions at p.
func accuracy(p Point) float64 {
	n := p.TP + p.FP + p.FN + p.TN
	if n == 0 {
		return 0
	}
	return float64(p.TP+p.TN) / float64(n)
}

// WriteReport writes an aligned plain-text report of s to w: counts, AUC,
// the best-F1 point, precision/recall/F1 at threshold, a sweep over
// thresholds 0.50..0.99, and one row per category. It returns the first
// write error.
func WriteReport(w io.Writer, title string, s []Scored, threshold float64) error {
	sw := &stickyWriter{w: w}
	pos, neg := counts(s)
	auc, best := analyse(s)
	at := At(s, threshold)
	fmt.Fprintf(sw, "== %s ==\n", title)
	fmt.Fprintf(sw, "pairs %d  matches %d  non-matches %d\n", len(s), pos, neg)
	fmt.Fprintf(sw, "AUC %s\n", fmtAUC(auc, pos, neg))
	fmt.Fprintf(sw, "best F1 %.4f at threshold %.4f (precision %.4f, recall %.4f; TP %d FP %d FN %d TN %d)\n",
		best.F1, best.Threshold, best.Precision, best.Recall, best.TP, best.FP, best.FN, best.TN)
	fmt.Fprintf(sw, "at threshold %.4f: precision %.4f  recall %.4f  F1 %.4f  accuracy %.4f (TP %d FP %d FN %d TN %d)\n\n",
		threshold, at.Precision, at.Recall, at.F1, accuracy(at), at.TP, at.FP, at.FN, at.TN)

	tw := tabwriter.NewWriter(sw, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "threshold\tprecision\trecall\tF1\tTP\tFP\tFN\tTN\t")
	for _, p := range Sweep(s, sweepThresholds) {
		fmt.Fprintf(tw, "%.2f\t%.4f\t%.4f\t%.4f\t%d\t%d\t%d\t%d\t\n",
			p.Threshold, p.Precision, p.Recall, p.F1, p.TP, p.FP, p.FN, p.TN)
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("evalmetrics: write report: %w", err)
	}

	byCat := ByCategory(s)
	fmt.Fprintf(sw, "\nper category (P/R/F1/accuracy at threshold %.4f)\n", threshold)
	tw = tabwriter.NewWriter(sw, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "category\tn\tpos\tneg\tAUC\tbestF1\tbestThr\tP\tR\tF1\tacc\t")
	groups := map[string][]Scored{}
	for _, x := range s {
		groups[x.Category] = append(groups[x.Category], x)
	}
	for _, c := range categories(byCat) {
		sum := byCat[c]
		p := At(groups[c], threshold)
		name := c
		if name == "" {
			name = "(none)"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t\n",
			name, sum.N, sum.Pos, sum.Neg, fmtAUC(sum.AUC, sum.Pos, sum.Neg),
			sum.Best.F1, sum.Best.Threshold, p.Precision, p.Recall, p.F1, accuracy(p))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("evalmetrics: write report: %w", err)
	}
	if sw.err != nil {
		return fmt.Errorf("evalmetrics: write report: %w", sw.err)
	}
	return nil
}

// SVG layout, in pixels.
const (
	svgW, svgH           = 960, 420
	panelW, panelH       = 380, 300
	leftX, rightX, topY  = 70, 550, 60
	histBins             = 20
	maxCurvePoints       = 400
	colorMatch, colorNon = "#2a9d8f", "#e76f51"
)

// svgEscape escapes text for an SVG text node.
func svgEscape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(s)
}

// WriteSVG writes one self-contained SVG image to w: on the left, histograms
// of the scores of matches and non-matches (20 bins over [0, 1], each class
// normalised to its own size, out-of-range scores clamped into the end bins);
// on the right, the precision/recall curve with the best-F1 point marked.
// It returns the first write error.
func WriteSVG(w io.Writer, s []Scored) error {
	sw := &stickyWriter{w: w}
	pos, neg := counts(s)
	fmt.Fprintf(sw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", svgW, svgH, svgW, svgH)
	fmt.Fprintf(sw, `<rect width="%d" height="%d" fill="white"/>`+"\n", svgW, svgH)
	fmt.Fprintf(sw, `<text x="%d" y="24" font-size="15">%s</text>`+"\n", leftX,
		svgEscape(fmt.Sprintf("pairs %d (matches %d, non-matches %d), AUC %s", len(s), pos, neg, fmtAUC(AUC(s), pos, neg))))

	// Histogram panel.
	var hm, hn [histBins]float64
	for _, x := range s {
		v := math.Max(0, math.Min(1, key(x.Score)))
		b := min(histBins-1, int(v*histBins))
		if x.Match {
			hm[b]++
		} else {
			hn[b]++
		}
	}
	peak := 0.0
	for b := range histBins {
		if pos > 0 {
			hm[b] /= float64(pos)
		}
		if neg > 0 {
			hn[b] /= float64(neg)
		}
		peak = max(peak, hm[b], hn[b])
	}
	if peak == 0 {
		peak = 1
	}
	peak = math.Ceil(peak*10) / 10
	axes(sw, leftX, "score", "share of class", peak)
	binW := float64(panelW) / histBins
	for b := range histBins {
		x0 := float64(leftX) + float64(b)*binW
		for k, v := range [2]float64{hm[b], hn[b]} {
			h := v / peak * panelH
			color := colorMatch
			if k == 1 {
				color = colorNon
			}
			fmt.Fprintf(sw, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s" fill-opacity="0.85"/>`+"\n",
				x0+float64(k)*binW/2, float64(topY+panelH)-h, binW/2, h, color)
		}
	}
	legend(sw, leftX+10, topY+12, colorMatch, "matches")
	legend(sw, leftX+10, topY+30, colorNon, "non-matches")

	// Precision/recall panel.
	axes(sw, rightX, "recall", "precision", 1)
	if pos > 0 {
		keys, labels := sortedDesc(s)
		var pts [][2]float64
		tp, fp := 0, 0
		for i := 0; i < len(keys); {
			j := i
			for j < len(keys) && keys[j] == keys[i] {
				if labels[j] {
					tp++
				} else {
					fp++
				}
				j++
			}
			pts = append(pts, [2]float64{float64(tp) / float64(pos), float64(tp) / float64(tp+fp)})
			i = j
		}
		step := max(1, (len(pts)+maxCurvePoints-1)/maxCurvePoints)
		var path strings.Builder
		cmd := "M"
		for i := 0; i < len(pts); i += step {
			fmt.Fprintf(&path, "%s%.2f,%.2f ", cmd, px(rightX, pts[i][0]), py(pts[i][1]))
			cmd = "L"
		}
		last := pts[len(pts)-1]
		fmt.Fprintf(&path, "L%.2f,%.2f", px(rightX, last[0]), py(last[1]))
		fmt.Fprintf(sw, `<path d="%s" fill="none" stroke="#264653" stroke-width="2"/>`+"\n", path.String())
		best := BestF1(s)
		bx, by := px(rightX, best.Recall), py(best.Precision)
		fmt.Fprintf(sw, `<circle cx="%.2f" cy="%.2f" r="5" fill="none" stroke="#e9c46a" stroke-width="2.5"/>`+"\n", bx, by)
		fmt.Fprintf(sw, `<text x="%d" y="%d">%s</text>`+"\n", rightX+10, topY+panelH-10,
			svgEscape(fmt.Sprintf("best F1 %.3f at threshold %.3f (P %.3f, R %.3f)", best.F1, best.Threshold, best.Precision, best.Recall)))
	} else {
		fmt.Fprintf(sw, `<text x="%d" y="%d">no matches: precision/recall undefined</text>`+"\n", rightX+10, topY+panelH/2)
	}
	fmt.Fprintln(sw, "</svg>")
	if sw.err != nil {
		return fmt.Errorf("evalmetrics: write svg: %w", sw.err)
	}
	return nil
}

// px maps v in [0, 1] to the x coordinate of the panel starting at x0.
func px(x0 int, v float64) float64 { return float64(x0) + v*panelW }

// py maps v in [0, 1] to the y coordinate of a panel.
func py(v float64) float64 { return float64(topY+panelH) - v*panelH }

// axes draws a panel frame at x0 with 0..1 on x, 0..ymax on y, and labels.
func axes(w io.Writer, x0 int, xlabel, ylabel string, ymax float64) {
	fmt.Fprintf(w, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>`+"\n", x0, topY, panelW, panelH)
	for i := 0; i <= 5; i++ {
		v := float64(i) / 5
		x := px(x0, v)
		y := py(v)
		fmt.Fprintf(w, `<line x1="%.2f" y1="%d" x2="%.2f" y2="%d" stroke="#999"/>`+"\n", x, topY+panelH, x, topY+panelH+5)
		fmt.Fprintf(w, `<text x="%.2f" y="%d" text-anchor="middle">%.1f</text>`+"\n", x, topY+panelH+18, v)
		fmt.Fprintf(w, `<line x1="%d" y1="%.2f" x2="%d" y2="%.2f" stroke="#999"/>`+"\n", x0-5, y, x0, y)
		fmt.Fprintf(w, `<text x="%d" y="%.2f" text-anchor="end">%.2f</text>`+"\n", x0-8, y+4, v*ymax)
	}
	fmt.Fprintf(w, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", x0+panelW/2, topY+panelH+38, svgEscape(xlabel))
	fmt.Fprintf(w, `<text transform="translate(%d,%d) rotate(-90)" text-anchor="middle">%s</text>`+"\n", x0-48, topY+panelH/2, svgEscape(ylabel))
}

// legend draws one colour swatch with its label.
func legend(w io.Writer, x, y int, color, label string) {
	fmt.Fprintf(w, `<rect x="%d" y="%d" width="12" height="12" fill="%s"/>`+"\n", x, y-10, color)
	fmt.Fprintf(w, `<text x="%d" y="%d">%s</text>`+"\n", x+18, y, svgEscape(label))
}
