from typing import Literal

GetMeResponse200KeyMode = Literal["live", "test"]

GET_ME_RESPONSE_200_KEY_MODE_VALUES: set[GetMeResponse200KeyMode] = {
    "live",
    "test",
}


def check_get_me_response_200_key_mode(value: str) -> GetMeResponse200KeyMode:
    if value in GET_ME_RESPONSE_200_KEY_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_ME_RESPONSE_200_KEY_MODE_VALUES!r}")
