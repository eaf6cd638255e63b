"""Browser sessions: the page model every action, code run and prompt drives (:mod:`.page`), the
synthetic app worth interacting with (:mod:`.apps`), the languages code is read in
(:mod:`.code`, :mod:`.node`, :mod:`.python`, :mod:`.bash`), the rule-based agent of prompts
(:mod:`.agent`) and the sessions' life, billing and profiles (:mod:`.sessions`)."""
