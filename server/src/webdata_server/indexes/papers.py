"""The research paper index: eight papers (arXiv, PubMed, bioRxiv, medRxiv) with stable ids, their
abstracts, bodies (four passages each) and the citations between them, served by
``GET /v2/search/research/papers`` (search), ``.../papers/{id}`` (inspect, or read with ``query``)
and ``.../papers/{id}/similar`` (the citation graph).

Any other well-formed id (arXiv, PubMed, PMC, DOI) names a paper made from it (:func:`made`), as
the synthetic web makes a page of any URL; the server README says what such a paper holds.

A paper is found by its ``paperId`` or an id key (``arxiv:``, ``pmid:``, ``doi:``, ``pmcid:``), a
bare arXiv id or an arXiv URL. Search ranks by the share of the query's words in the title and
abstract (``score``), then by ``paperId``; ``authors`` and ``categories`` keep papers matching every
value (authors as case-insensitive substrings of the comma-joined names), ``from``/``to`` bound
``createdDate`` (inclusive, compared as text); ``sort: date_desc`` orders the ``k`` most relevant
newest first. Related papers: ``references`` are those the seed cites, ``citers`` those citing it,
``similar`` both and those sharing a reference or a citer with it; each scored half by the graph
(``structural``: links shared with the seeds) and half by ``intent`` (``semantic``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from webdata_server.indexes import corpus_words, rank, words

__all__ = ["PAPERS", "find", "made", "read", "search", "similar"]


@dataclass(frozen=True)
class Paper:
    paper_id: str
    ids: dict[str, list[str]]
    title: str
    abstract: str
    authors: str
    categories: tuple[str, ...]
    created: str
    updated: str
    body: tuple[str, ...]
    references: tuple[str, ...] = field(default=())  # paperIds

    @property
    def primary_id(self) -> str:
        for key in ("arxiv", "pmid", "doi"):
            if key in self.ids:
                return f"{key}:{self.ids[key][0]}"
        return f"paper:{self.paper_id}"


PAPERS: tuple[Paper, ...] = (
    Paper(
        "7001000001",
        {"arxiv": ["2101.00001"], "doi": ["10.48550/arXiv.2101.00001"]},
        "Attention-based transformers for protein structure prediction",
        "We train a transformer with attention over residue pairs to predict protein structure from sequence, reaching high accuracy on held-out folds.",
        "Ana Silva, Wei Chen",
        ("q-bio.BM", "cs.LG"),
        "2021-01-04",
        "2021-03-02",
        (
            "Protein structure prediction maps an amino acid sequence to its folded shape.",
            "Our model applies attention over every pair of residues and predicts distances between them.",
            "On held-out folds the model reaches a median accuracy of 0.87, ahead of earlier methods.",
            "Limitations: the model needs multiple sequence alignments and long training.",
        ),
    ),
    Paper(
        "7001000002",
        {"pmid": ["34000001"], "doi": ["10.1000/crispr.2021.1"], "pmcid": ["PMC8000001"]},
        "CRISPR base editing off-target effects in primary human T cells",
        "We measure off-target edits of adenine and cytosine base editors in primary human T cells with whole-genome sequencing.",
        "Maria Garcia, John Smith",
        ("q-bio.GN",),
        "2021-05-10",
        "2021-05-10",
        (
            "Base editors change single nucleotides without double-strand breaks.",
            "We edited primary human T cells from six donors with adenine and cytosine base editors.",
            "Whole-genome sequencing found off-target edits at a rate of 0.3 per genome for adenine editors.",
            "Primary endpoint: the off-target rate; the hazard ratio of adverse events was 1.1 in the follow-up.",
        ),
    ),
    Paper(
        "7001000003",
        {"pmid": ["35000002"], "doi": ["10.1000/tau.2022.2"]},
        "Tau aggregation inhibitors in Alzheimer's disease: a systematic review",
        "A systematic review of clinical trials of tau aggregation inhibitors in Alzheimer's disease and their effect on cognition.",
        "Lena Fischer, Omar Haddad",
        ("q-bio.NC",),
        "2022-03-15",
        "2022-04-01",
        (
            "Tau protein aggregates into tangles in the brains of people with Alzheimer's disease.",
            "We reviewed twelve clinical trials of tau aggregation inhibitors.",
            "Pooled results show no significant effect on cognition at twelve months.",
            "Larger trials with tau PET imaging are needed.",
        ),
    ),
    Paper(
        "7001000004",
        {"arxiv": ["2203.00004"]},
        "Diffusion models for molecule generation",
        "We adapt denoising diffusion models to generate drug-like molecules as 3D graphs, conditioned on binding targets.",
        "Wei Chen, Priya Nair",
        ("cs.LG", "q-bio.QM"),
        "2022-03-01",
        "2022-06-10",
        (
            "Generating molecules is a search over a vast chemical space.",
            "Our diffusion model denoises atom positions and types jointly as a 3D graph.",
            "Generated molecules bind their targets in docking studies at twice the rate of a baseline.",
            "The model is conditioned on the binding pocket of the target protein.",
        ),
    ),
    Paper(
        "7001000005",
        {"pmid": ["36000005"], "doi": ["10.1101/2023.02.20.000005"]},
        "Off-target detection for prime editing with long-read sequencing",
        "Long-read sequencing detects off-target edits of prime editors that short reads miss, in human cell lines and primary T cells.",
        "John Smith, Aiko Tanaka",
        ("q-bio.GN",),
        "2023-02-20",
        "2023-02-20",
        (
            "Prime editing writes new sequences without double-strand breaks.",
            "We compared long-read and short-read sequencing for off-target detection.",
            "Long reads found structural off-target edits in 4 of 20 samples that short reads missed.",
            "We recommend long-read sequencing for off-target safety assessment of base and prime editors.",
        ),
        references=("7001000002",),
    ),
    Paper(
        "7001000006",
        {"doi": ["10.1101/2023.06.01.000006"]},
        "Replication of tau PET imaging findings in a larger cohort",
        "We replicate earlier tau PET imaging findings in a cohort of 1,200 people and confirm the link between tau and memory decline.",
        "Omar Haddad, Sara Lind",
        ("q-bio.NC",),
        "2023-06-01",
        "2023-07-15",
        (
            "Tau PET imaging measures tau tangles in the living brain.",
            "We imaged 1,200 participants twice, two years apart.",
            "Tau accumulation in the temporal lobe predicted memory decline, replicating earlier findings.",
            "The replication supports tau as a target for Alzheimer's disease trials.",
        ),
        references=("7001000003",),
    ),
    Paper(
        "7001000007",
        {"arxiv": ["2304.00007"]},
        "Scaling laws for protein language models",
        "Protein language models improve predictably with parameters and data; we fit scaling laws for structure and function prediction.",
        "Ana Silva, Priya Nair",
        ("cs.LG", "q-bio.BM"),
        "2023-04-03",
        "2023-05-01",
        (
            "Language models trained on protein sequences learn structure and function.",
            "We trained models from 8 million to 15 billion parameters.",
            "Loss falls as a power law of parameters and of training tokens.",
            "Structure prediction accuracy follows the same scaling law as the loss.",
        ),
        references=("7001000001", "7001000004"),
    ),
    Paper(
        "7001000008",
        {"arxiv": ["2306.00008"]},
        "Graph neural networks for drug-target interaction prediction",
        "A graph neural network predicts drug-target interactions from molecule graphs and protein language model embeddings.",
        "Priya Nair, Wei Chen",
        ("cs.LG",),
        "2023-06-12",
        "2023-06-12",
        (
            "Predicting which drugs bind which targets guides drug discovery.",
            "Molecules are graphs; targets are embedded with a protein language model.",
            "The model improves interaction prediction accuracy by 6 points over a sequence baseline.",
            "Generated molecules from diffusion models can be screened with the same model.",
        ),
        references=("7001000004", "7001000007"),
    ),
)
_BY_ID = {p.paper_id: p for p in PAPERS}
_ARXIV_URL = re.compile(r"^https?://(?:www\.)?arxiv\.org/(?:abs|pdf)/([0-9]{4}\.[0-9]{4,5})(?:v[0-9]+)?(?:\.pdf)?/?$", re.IGNORECASE)
_BARE_ARXIV = re.compile(r"^[0-9]{4}\.[0-9]{4,5}$")

# Well-formed ids of papers the eight above are not: each names a paper of its own, made from the
# id (as the synthetic web makes a page from any URL), so that a test naming a real paper runs.
_ARXIV_ID = re.compile(r"^([0-9]{2})(0[1-9]|1[0-2])\.([0-9]{4,5})(?:v[0-9]+)?$")
_PMID = re.compile(r"^[1-9][0-9]{0,8}$")
_PMCID = re.compile(r"^PMC([1-9][0-9]{0,8})$", re.IGNORECASE)
_DOI = re.compile(r"^10\.[0-9]{4,9}/\S{1,200}$")
# A made paper's paperId says what it was made from, so that it names the same paper again:
# "91" + an arXiv id's digits (YYMM and a five-digit number), "92" + a PubMed id, "93" + a PMC id;
# a DOI's paper is "94" + digits of its hash, found again while this server runs (the DOIs named
# recently, at most _MADE_DOIS of them).
_MADE_ID = re.compile(r"^9([123])([0-9]{1,11})$")
_MADE_DOIS: dict[str, str] = {}
_ARXIV_DOI = "10.48550/arxiv."
_MADE_DOI_LIMIT = 10_000


def find(reference: str) -> Paper | None:
    """The paper ``reference`` names (a paperId, an id key, a bare arXiv id or an arXiv URL): one of
    the eight, or one made from a well-formed id (:func:`made`); None for an id that is not one."""
    text = reference.strip()
    if text in _BY_ID:
        return _BY_ID[text]
    match = _ARXIV_URL.match(text)
    if match or _BARE_ARXIV.match(text):
        text = "arxiv:" + (match.group(1) if match else text)
    key, _, value = text.partition(":")
    if not value:
        return _made_again(text)
    found = next((p for p in PAPERS if value.lower() in (v.lower() for v in p.ids.get(key.lower(), []))), None)
    return found if found is not None else made(key.lower(), value.strip())


def _made_again(paper_id: str) -> Paper | None:
    """The made paper a paperId names (see ``_MADE_ID``)."""
    if paper_id.startswith("94") and paper_id in _MADE_DOIS:
        return made("doi", _MADE_DOIS[paper_id])
    match = _MADE_ID.match(paper_id)
    if match is None:
        return None
    kind, digits = match.groups()
    if kind == "1":  # four digits a number before 2015 (YYMM 1501), five since
        return made("arxiv", f"{digits[:4]}.{digits[4:] if digits[:4] >= '1501' else digits[5:]}") if len(digits) == 9 else None
    return made("pmid" if kind == "2" else "pmcid", digits if kind == "2" else f"PMC{digits}")


_TOPICS = (
    ("attention", "sequence transduction", "cs.CL", "self-attention layers replace recurrence"),
    ("graph learning", "molecular property prediction", "cs.LG", "message passing over atoms and bonds"),
    ("gene editing", "off-target detection", "q-bio.GN", "guide RNAs are screened against the genome"),
    ("protein folding", "structure prediction", "q-bio.BM", "residue contacts are predicted from sequence"),
    ("diffusion", "image generation", "cs.CV", "noise is removed step by step"),
    ("reinforcement learning", "robot control", "cs.RO", "policies are trained in simulation"),
    ("neurodegeneration", "biomarker discovery", "q-bio.NC", "plasma proteins are measured over years"),
    ("language models", "code generation", "cs.SE", "programs are sampled and tested"),
)
_SURNAMES = ("Okafor", "Lindqvist", "Tanaka", "Moreau", "Haddad", "Novak", "Ibrahim", "Costa", "Kowalski", "Reyes", "Larsen", "Mehta")
_GIVEN = ("Ada", "Bruno", "Chiara", "Dev", "Elif", "Femi", "Greta", "Hiro", "Ines", "Jonas", "Kira", "Luis")


def _digest(*parts: str) -> bytes:
    return hashlib.sha256("\x00".join(parts).encode()).digest()


def made(key: str, value: str) -> Paper | None:
    """The paper a well-formed id the index does not hold names, made from the id: the same id,
    the same paper, in every read (inspect, read, related). ``key`` is ``arxiv``, ``pmid``,
    ``pmcid`` or ``doi``; None for any other key or a value not of its form."""
    if key == "doi" and value.lower().startswith(_ARXIV_DOI):  # arXiv's own DOI of a paper names that paper
        return made("arxiv", value[len(_ARXIV_DOI) :])
    arxiv = _ARXIV_ID.match(value) if key == "arxiv" else None
    if arxiv is not None and len(arxiv.group(3)) == (5 if arxiv.group(1) + arxiv.group(2) >= "1501" else 4):
        year, month, number = arxiv.groups()
        canonical = f"{year}{month}.{number}"
        paper_id = f"91{year}{month}{int(number):05d}"
        ids: dict[str, list[str]] = {"arxiv": [canonical], "doi": [f"10.48550/arXiv.{canonical}"]}
        created_month = f"20{year}-{month}"
    elif key == "pmid" and _PMID.match(value):
        paper_id, ids, created_month = f"92{value}", {"pmid": [value]}, ""
    elif key == "pmcid" and (pmc := _PMCID.match(value)):
        paper_id, ids, created_month = f"93{pmc.group(1)}", {"pmcid": [f"PMC{pmc.group(1)}"]}, ""
    elif key == "doi" and _DOI.match(value):
        paper_id = "94" + str(int.from_bytes(_digest("doi", value.lower())[:5], "big")).zfill(13)[:10]
        if paper_id not in _MADE_DOIS and len(_MADE_DOIS) >= _MADE_DOI_LIMIT:
            _MADE_DOIS.pop(next(iter(_MADE_DOIS)))
        _MADE_DOIS[paper_id] = value
        ids, created_month = {"doi": [value]}, ""
    else:
        return None
    seed = _digest(key, ids[key][0].lower())
    topic, task, category, method = _TOPICS[seed[0] % len(_TOPICS)]
    if not created_month:
        created_month = f"{2012 + seed[1] % 13}-{1 + seed[2] % 12:02d}"
    created = f"{created_month}-{1 + seed[3] % 28:02d}"
    authors = ", ".join(f"{_GIVEN[seed[4 + n] % len(_GIVEN)]} {_SURNAMES[seed[8 + n] % len(_SURNAMES)]}" for n in range(2 + seed[12] % 2))
    cited = sorted({PAPERS[seed[13 + n] % len(PAPERS)].paper_id for n in range(2)})
    label = ids[key][0]
    return Paper(
        paper_id,
        ids,
        f"{topic.capitalize()} for {task} ({label})",
        f"We study {topic} for {task}, in which {method}, and report where it helps and where it fails.",
        authors,
        (category,),
        created,
        created,
        (
            f"{task.capitalize()} is a long-standing problem; this work ({label}) applies {topic} to it.",
            f"Method: {method}, with the settings given in the appendix.",
            f"Results: the approach improves accuracy on the {task} benchmarks by a few points over baselines.",
            "Limitations: the evaluation covers public benchmarks only, and the model is costly to train.",
        ),
        references=tuple(cited),
    )


def _by_id(paper_id: str) -> Paper:
    """A paper by its paperId: one of the eight, or a made one."""
    found = _BY_ID.get(paper_id) or _made_again(paper_id)
    if found is None:
        raise KeyError(paper_id)
    return found


def _record(paper: Paper, score: float) -> dict[str, Any]:
    return {"paperId": paper.paper_id, "primaryId": paper.primary_id, "ids": paper.ids, "title": paper.title, "abstract": paper.abstract, "score": score}


def metadata(paper: Paper) -> dict[str, Any]:
    """What inspecting a paper answers of it."""
    return {
        "paperId": paper.paper_id,
        "ids": paper.ids,
        "title": paper.title,
        "abstract": paper.abstract,
        "authors": paper.authors,
        "categories": list(paper.categories),
        "createdDate": paper.created,
        "updateDate": paper.updated,
    }


def search(
    query: str,
    *,
    k: int = 40,
    authors: Sequence[str] = (),
    categories: Sequence[str] = (),
    from_: str | None = None,
    to: str | None = None,
    sort: str | None = None,
) -> dict[str, Any]:
    """The answer of a paper search."""
    kept = [
        p
        for p in PAPERS
        if all(a.lower() in p.authors.lower() for a in authors)
        and all(c in p.categories for c in categories)
        and (from_ is None or p.created >= from_)
        and (to is None or p.created <= to)
    ]
    hits = rank(query, kept, lambda p: f"{p.title} {p.abstract}", lambda p: p.paper_id)[:k]
    if sort == "date_desc":
        hits.sort(key=lambda hit: (hit[0].created, hit[0].paper_id), reverse=True)
    return {"success": True, "results": [_record(p, s) for p, s in hits]}


def read(paper: Paper, query: str, k: int = 4) -> dict[str, Any]:
    """The passages of ``paper``'s body that best match ``query`` (at most ``k``)."""
    wanted = words(query)
    scored = [(n, text, round(len(wanted & corpus_words(text)) / len(wanted), 4) if wanted else 0.0) for n, text in enumerate(paper.body)]
    scored.sort(key=lambda s: (-s[2], s[0]))
    passages = [{"text": text, "score": score} for _, text, score in scored[:k]]
    return {"success": True, "paper": metadata(paper), "paperId": paper.paper_id, "query": query, "passages": passages}


def _cited_by(paper_id: str) -> set[str]:
    return {p.paper_id for p in PAPERS if paper_id in p.references}


def similar(seeds: list[Paper], intent: str, *, mode: str = "similar", k: int = 40, rerank: bool = False) -> dict[str, Any]:
    """Papers related to ``seeds`` through the citation graph, scored against ``intent``."""
    seed_ids = {s.paper_id for s in seeds}
    links: dict[str, set[str]] = {}  # candidate -> the seeds it is linked to
    for seed in seeds:
        references, citers = set(seed.references), _cited_by(seed.paper_id)
        near = references if mode == "references" else citers if mode == "citers" else references | citers
        if mode == "similar":
            for other in PAPERS:
                if set(other.references) & references or _cited_by(other.paper_id) & citers:
                    near.add(other.paper_id)
        for candidate in near - seed_ids:
            links.setdefault(candidate, set()).add(seed.paper_id)
    wanted = words(intent)
    results = []
    for candidate, linked in links.items():
        paper = _BY_ID[candidate]
        structural = float(sum(len(set(paper.references) & set(_by_id(s).references)) + 1 for s in linked))
        semantic = round(len(wanted & corpus_words(f"{paper.title} {paper.abstract}")) / len(wanted), 4) if wanted else 0.0
        article_rank = round(0.15 + 0.85 * len(_cited_by(candidate)) / len(PAPERS), 4)
        weight = 0.75 if rerank else 0.5
        score = round(weight * semantic + (1 - weight) * structural / (structural + 1), 4)
        signals = {"structural": structural, "semantic": semantic, "articleRank": article_rank, "seedOverlap": len(linked)}
        results.append({**_record(paper, score), "signals": signals})
    results.sort(key=lambda r: (-r["score"], r["paperId"]))
    pool = len(results)
    answer: dict[str, Any] = {"success": True, "results": results[:k], "poolSize": pool, "truncated": pool > k}
    if not results:
        answer["note"] = "No related papers were found for this seed in the citation graph."
    return answer
