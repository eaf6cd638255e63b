"""Token usage of the current period and credit usage by month and key (firecrawl-py has no
method for the historical usage: it is read with httpx)."""

import os

import httpx
from firecrawl import Firecrawl

client = Firecrawl(api_key=os.environ["WEBDATA_API_KEY"], api_url=os.environ["WEBDATA_BASE_URL"])
tokens = client.get_token_usage()
print(f"{tokens.remaining_tokens} of {tokens.plan_tokens} tokens left until {tokens.billing_period_end}")
response = httpx.get(
    os.environ["WEBDATA_BASE_URL"] + "/v2/team/credit-usage/historical",
    params={"byApiKey": "true"},
    headers={"Authorization": f"Bearer {os.environ['WEBDATA_API_KEY']}"},
)
response.raise_for_status()
for period in response.json()["periods"]:
    print(period["startDate"][:10], period.get("apiKey"), period["creditsUsed"])
