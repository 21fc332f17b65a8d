package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

const referenceRecords = `{"fields":{"primaryName":{"type":"rni_name","weight":0.5},"dob":{"type":"rni_date","weight":0.2},"dob2":{"type":"rni_date","weight":0.1},"addr":{"type":"rni_address","weight":0.5}},
"properties":{"threshold":0.7,"includeExplainInfo":true},
"records":{"left":[{"primaryName":{"text":"Ethan R","language":"eng","entityType":"PERSON"},"dob":"1993-04-16","dob2":"1993/04/16","addr":"123 Roadlane Ave"},{"primaryName":{"text":"Evan R"},"dob":"1993-04-16"}],
"right":[{"primaryName":{"text":"Seth R"},"dob":"1993-04-16"},{"primaryName":{"text":"Ivan R"},"dob":"1993-04-16","dob2":"1993/04/16","addr":"123 Roadlane Ave"}]}}`

func TestMatchingEndpoints(t *testing.T) {
	s := engineServer(t)
	tests := []struct {
		name, path, body string
		status           int
		want             []string
	}{
		{"address reference", "/rest/v1/address-similarity", `{"address1":{"houseNumber":"1600","road":"Pennsylvania Ave NW","city":"Washington","state":"DC","postCode":"20500"},"address2":{"houseNumber":"160","road":"Pennsilvana Ave","city":"Washington","state":"D.C.","postCode":"20500"}}`, 200, []string{`"score":0.`}},
		{"address strings", "/rest/v1/address-similarity", `{"address1":"1600 Pennsylvania Ave NW, Washington, DC 20500","address2":{"houseNumber":"1600","road":"Pennsylvania Avenue Northwest","city":"Washington","state":"DC"}}`, 200, []string{`"score"`}},
		{"address parameter", "/rest/v1/address-similarity", `{"address1":"1 Main St","address2":"2 Main St","parameters":{"addressReorderPenalty":"0.5"}}`, 200, []string{`"score"`}},
		{"address bad parameter", "/rest/v1/address-similarity", `{"address1":"1 Main St","address2":"2 Main St","parameters":{"addressReorderPenalty":"5"}}`, 400, []string{"addressReorderPenalty"}},
		{"address override", "/rest/v1/address-similarity/explain", `{"address1":{"houseNumber":"5","road":"Main St","city":"NYC"},"address2":{"houseNumber":"5","road":"Main St","city":"New York"},"parameterUniverse":"default"}`, 200, []string{`"method":"override"`}},
		{"address universe and parameters", "/rest/v1/address-similarity", `{"address1":"1 Main St","address2":"2 Main St","parameters":{"addressReorderPenalty":"0.5"},"parameterUniverse":"strict"}`, 400, []string{"parameterUniverse"}},
		{"address unknown universe", "/rest/v1/address-similarity", `{"address1":"1 Main St","address2":"2 Main St","parameterUniverse":"nope"}`, 400, []string{"universe"}},
		{"address explain", "/rest/v1/address-similarity/explain", `{"address1":"1 Main St, Springfield","address2":"1 Main Street, Springfield"}`, 200, []string{`"explainInfo"`, `"fields"`}},
		{"address parse", "/rest/v1/address-parse", `{"address":"1600 Pennsylvania Ave NW, Washington, DC 20500"}`, 200, []string{`"houseNumber":"1600"`, `"postCode":"20500"`}},
		{"address parse blank", "/rest/v1/address-parse", `{"address":"  "}`, 400, []string{"badRequest", `"message":"address: empty address"`}},
		{"address empty object", "/rest/v1/address-similarity", `{"address1":{},"address2":"1 Main St"}`, 400, []string{"invalid request: address object needs at least one non-empty field"}},
		{"address field of the wrong type", "/rest/v1/address-similarity", `{"address1":{"city":5},"address2":"1 Main St"}`, 400, []string{"invalid request: address field city must be a string"}},
		{"address syntax error", "/rest/v1/address-similarity", `{"address1":"1 Main St",`, 400, []string{"malformed JSON: unexpected end of input"}},
		{"records reference", "/rest/v1/record-similarity", referenceRecords, 200, []string{`"results"`, `"scoredFields"`, `"rightOnlyFields"`}},
		{"records per-pair error", "/rest/v1/record-similarity", `{"fields":{"d":{"type":"rni_date"}},"records":{"left":[{"d":"1993-04-16"},{"d":"not a date"}],"right":[{"d":"1993-04-17"},{"d":"1993-04-16"}]}}`, 200, []string{`"error"`, `"errorMessage"`}},
		{"records unknown universe", "/rest/v1/record-similarity", `{"fields":{"d":{"type":"rni_date"}},"properties":{"parameterUniverse":"nope"},"records":{"left":[{"d":"1993"}],"right":[{"d":"1993"}]}}`, 400, []string{"universe"}},
		{"dedup", "/rest/v1/name-deduplication", `{"names":[{"text":"John Smith"},{"text":"Jon Smith"},{"text":"Maria Garcia"},{"text":"Владимир Путин"},{"text":"Vladimir Putin"}],"threshold":0.7}`, 200, []string{`"results":["1","1","2","3","3"]`}},
		{"dedup reference", "/rest/v1/name-deduplication", `{"names":[{"text":"Joe"},{"text":"Smith"}],"threshold":0.8}`, 200, []string{`"results":["1","2"]`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := do(s, http.MethodPost, tc.path, tc.body, nil)
			if w.Code != tc.status {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			for _, want := range tc.want {
				if !strings.Contains(w.Body.String(), want) {
					t.Fatalf("body lacks %s: %s", want, w.Body)
				}
			}
		})
	}
	// The reference record pair Evan R/Ivan R passes the 0.7 threshold; scores are in [0,1].
	w := do(s, http.MethodPost, "/rest/v1/record-similarity", referenceRecords, nil)
	var rr struct {
		Results []struct {
			Score float64
			Right map[string]any
		}
	}
	if err := json.Unmarshal(w.Body.Bytes(), &rr); err != nil || len(rr.Results) == 0 {
		t.Fatalf("%v %s", err, w.Body)
	}
	for _, r := range rr.Results {
		if r.Score <= 0.7 || r.Score > 1 {
			t.Fatalf("score %v kept at threshold 0.7", r.Score)
		}
	}
}
