package translit

// learnedScript returns the name of the learned model for a script.
func learnedScript(scr, lang string) string {
	return ""
}

// Learned returns up to k variants from the learned model named m.
func Learned(token, m string, k int) []Variant { return nil }
