"""Token usage of the current period and credit usage by month and key."""

from webdata_client import Webdata

client = Webdata()
tokens = client.team.get_token_usage()
print(f"{tokens.remaining_tokens} of {tokens.plan_tokens} tokens left until {tokens.billing_period_end:%Y-%m-%d}")
for period in client.team.get_historical_credit_usage(by_api_key=True).periods:
    print(period.start_date.date(), period.api_key, period.credits_used)
